import { AppError } from '@mailplane/contracts';

/** A failed call to the hub or the provider, as the tenant sees it: 503 `billing_unavailable`, never a 500. */
export function unavailable(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const status = (err as { response?: { status?: number } }).response?.status;
  return new AppError('billing_unavailable', `The payment provider could not be reached${status ? ` (HTTP ${status})` : ''}.`);
}

export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw unavailable(err);
  }
}

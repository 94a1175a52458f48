import { AppError } from '@mailplane/contracts';

/** A call to the hub or the provider; when it fails, the tenant gets 503 `billing_unavailable`, never a 500. */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { response?: { status?: number } }).response?.status;
    throw new AppError('billing_unavailable', `The payment provider could not be reached${status ? ` (HTTP ${status})` : ''}.`);
  }
}

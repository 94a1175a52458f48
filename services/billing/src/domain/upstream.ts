import { AppError } from '@mailplane/contracts';
import type { Provider } from '../data-access/provider';
import { UpstreamError } from '../data-access/upstream-error';
import type { BillingDeps } from './deps';

/** The provider, when billing is configured at all (a hub and a provider); 503 `billing_not_configured` otherwise. */
export function configuredProvider(deps: BillingDeps): Provider {
  if (!deps.provider || !deps.hub) throw new AppError('billing_not_configured', 'No billing hub or payment provider is configured.');
  return deps.provider;
}

/** A failed call to the hub or the provider, as the tenant sees it: 503 `billing_unavailable`, never a 500. */
export function unavailable(err: unknown): unknown {
  // Anything else is our own failure: a logged 500, never disguised as the upstream's.
  if (!(err instanceof UpstreamError)) return err;
  const answer = err.answer;
  return new AppError('billing_unavailable', `The billing hub or payment provider could not be reached${answer ? ` (${answer})` : ''}.`);
}

export async function callUpstream<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw unavailable(err);
  }
}

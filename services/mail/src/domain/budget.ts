import { AppError } from '@mailplane/contracts';

/** The time a request has left before its caller stops waiting for the answer. */
export interface Budget {
  msLeft(): number;
}

export const UNBOUNDED: Budget = { msLeft: () => Number.POSITIVE_INFINITY };

/**
 * Called before each durable step of an accepted request: once the caller has stopped waiting, nothing more is
 * begun, so a caller told "busy, nothing done" is told the truth.
 */
export function ensureTimeLeft(budget: Budget): void {
  if (budget.msLeft() <= 0) {
    throw new AppError('service_busy', 'The request waited too long to be served; nothing was done.', { headers: { 'Retry-After': '1' } });
  }
}

import { AppError } from '@mailplane/contracts';

/** The time a request has left before its caller stops waiting for the answer. */
export interface Budget {
  msLeft(): number;
}

export const UNBOUNDED: Budget = { msLeft: () => Number.POSITIVE_INFINITY };

/** Before each durable step: once the caller stopped waiting nothing more is begun, so "busy, nothing done" is the truth. */
export function ensureTimeLeft(budget: Budget): void {
  if (budget.msLeft() <= 0) {
    throw new AppError('service_busy', 'The request waited too long to be served; nothing was done.', { headers: { 'Retry-After': '1' } });
  }
}

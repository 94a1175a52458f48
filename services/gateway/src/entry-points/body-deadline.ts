import { AppError, type Operation } from '@mailplane/contracts';
import type { BodyLimits } from '../config';

export const takesBody = (op: Operation) => op.requestContentTypes.length > 0;

/**
 * In a status the operation declares: 400, except on the hub's webhook, whose only refusal is 401 `signature_invalid`.
 * Never 408, which no operation of the contract lists.
 */
export function bodyNotReceived(op: Operation, reason: 'late' | 'cut', limits: BodyLimits): AppError {
  const detail =
    reason === 'late'
      ? `The body did not arrive in time: ${limits.timeoutMs} ms, plus a second per ${limits.minBytesPerSecond} bytes received.`
      : 'The request body was cut short.';
  if (op.security === 'hub') return new AppError('signature_invalid', `${detail} Nothing was verified.`);
  return new AppError(reason === 'late' ? 'body_timeout' : 'malformed_request', detail);
}

import { isAxiosError } from 'axios';

/** A call to the hub or the provider that failed: refused, timed out, or answered with an error. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    /** What the upstream answered (`HTTP 502`), when it answered at all. */
    readonly answer: string | null,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** The HTTP client's failure, without its request and response objects. */
export function upstreamError(err: unknown): UpstreamError {
  if (!isAxiosError(err)) return new UpstreamError(err instanceof Error ? err.message : String(err), null);
  return new UpstreamError(err.code ? `${err.message} (${err.code})` : err.message, err.response ? `HTTP ${err.response.status}` : null);
}

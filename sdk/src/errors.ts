// MailplaneError: the API answered with an error; MailplaneNetworkError: no answer, so callers tell refused from unknown.
import type { Problem, ProblemCode } from './types';

/** The API answered with an error status; `problem` is its RFC 9457 body. */
export class MailplaneError extends Error {
  override readonly name = 'MailplaneError';
  readonly status: number;
  readonly problem: Problem;
  /** Seconds to wait before trying again, from `Retry-After`; undefined when the answer had none. */
  readonly retryAfter: number | undefined;
  readonly headers: Headers;

  constructor(status: number, problem: Problem, headers: Headers, retryAfter: number | undefined) {
    super(`${status} ${problem.code}: ${problem.detail ?? problem.title}`);
    this.status = status;
    this.problem = problem;
    this.headers = headers;
    this.retryAfter = retryAfter;
  }

  get code(): ProblemCode {
    return this.problem.code;
  }

  /** Quote it when reporting a problem. */
  get requestId(): string {
    return this.problem.requestId;
  }
}

/** No answer arrived: the request may or may not have been processed (`timeout` after `timeoutMs`). */
export class MailplaneNetworkError extends Error {
  override readonly name = 'MailplaneNetworkError';
  readonly timeout: boolean;

  constructor(message: string, options: { cause: unknown; timeout: boolean }) {
    super(message, { cause: options.cause });
    this.timeout = options.timeout;
  }
}

const CODE_OF_STATUS: Record<number, ProblemCode> = {
  400: 'malformed_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'route_not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  502: 'service_unavailable',
  503: 'service_unavailable',
  504: 'service_timeout',
};

/** A problem body for an error answer that carried none (a proxy's HTML page, an empty 502). */
export function problemFromText(status: number, statusText: string, text: string, requestId: string | null): Problem {
  return {
    type: 'about:blank',
    title: statusText || `HTTP ${status}`,
    status,
    detail: text.slice(0, 500) || undefined,
    code: CODE_OF_STATUS[status] ?? 'internal',
    requestId: requestId ?? '',
  };
}

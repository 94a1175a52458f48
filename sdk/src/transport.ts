import { MailplaneError, MailplaneNetworkError, problemFromText } from './errors';
import { OPERATIONS, type Route } from './operations';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, retryDelayMs, type RetryPolicy } from './retry';
import type { Problem, OperationId } from './types';

export interface ClientOptions {
  /** `mp_…` API key (or the operator's admin token for `admin.*`). */
  apiKey: string;
  /** Where the gateway listens. Default `http://localhost:3000`. */
  baseUrl?: string;
  /** Attempts after the first on 429, 503 and, for calls safe to repeat, network errors. Default 2. */
  maxRetries?: number;
  /** Give up on one attempt after this long (a network error with `timeout: true`). Default 30 000. */
  timeoutMs?: number;
  /** Generate an Idempotency-Key for sends that have none, so retries never send twice. Default true. */
  autoIdempotencyKey?: boolean;
  /** A fetch to use instead of the global one (a proxy agent, instrumentation). */
  fetch?: typeof fetch;
  /** Backoff tuning; `maxRetries` above wins over `retry.maxRetries`. */
  retry?: Partial<RetryPolicy>;
}

export interface RequestOptions {
  /** The send's Idempotency-Key; `false` sends none (and then network errors are not retried). */
  idempotencyKey?: string | false;
  /** Sent as `X-Request-Id` and echoed in answers, logs and problem bodies. */
  requestId?: string;
  maxRetries?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface Call {
  path?: Record<string, string>;
  query?: object;
  body?: unknown;
}

const VERSION = '0.1.0';

export class Transport {
  private readonly baseUrl: string;
  private readonly policy: RetryPolicy;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    if (!options.apiKey) throw new TypeError('Mailplane: apiKey is required');
    this.baseUrl = (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
    this.policy = {
      ...DEFAULT_RETRY_POLICY,
      ...options.retry,
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    };
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async request<T>(operationId: OperationId, call: Call, options: RequestOptions = {}): Promise<T> {
    const route: Route = OPERATIONS[operationId];
    const headers = this.headers(route, call, options);
    const repeatable = route.method === 'GET' || route.method === 'DELETE' || headers['Idempotency-Key'] !== undefined;
    const policy = { ...this.policy, ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}) };
    const init = { method: route.method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) };
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(this.url(route, call), init, options);
      const delay = attempt <= policy.maxRetries ? this.retryDelay(outcome, repeatable, policy, attempt) : undefined;
      if (delay === undefined) {
        if (outcome instanceof Error) throw outcome;
        return outcome as T;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  private headers(route: Route, call: Call, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      Accept: 'application/json, application/problem+json',
      'User-Agent': `mailplane-node/${VERSION}`,
    };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.requestId) headers['X-Request-Id'] = options.requestId;
    if (route.idempotencyKey && options.idempotencyKey !== false) {
      const key = options.idempotencyKey ?? (this.options.autoIdempotencyKey === false ? undefined : crypto.randomUUID());
      if (key !== undefined) headers['Idempotency-Key'] = key;
    }
    return headers;
  }

  private url(route: Route, call: Call): string {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = call.path?.[name];
      if (value === undefined) throw new TypeError(`Mailplane: missing path parameter ${name}`);
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) query.append(name, String(item));
    }
    const search = query.toString();
    return `${this.baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  private async attempt(url: string, init: RequestInit, options: RequestOptions): Promise<unknown> {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? this.options.timeoutMs ?? 30_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(url, { ...init, signal });
      text = await response.text();
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const timedOut = timeout.aborted;
      return new MailplaneNetworkError(timedOut ? `Mailplane: no answer from ${url} in time` : `Mailplane: ${String(error)}`, {
        cause: error,
        timeout: timedOut,
      });
    }
    const json = /json/.test(response.headers.get('content-type') ?? '') && text !== '' ? JSON.parse(text) : undefined;
    if (response.ok) return response.status === 204 ? undefined : (json ?? text);
    const problem: Problem =
      json && typeof json === 'object' && 'code' in json
        ? (json as Problem)
        : problemFromText(response.status, response.statusText, text, response.headers.get('x-request-id'));
    return new MailplaneError(response.status, problem, response.headers, parseRetryAfter(response.headers.get('retry-after')));
  }

  private retryDelay(outcome: unknown, repeatable: boolean, policy: RetryPolicy, attempt: number): number | undefined {
    if (outcome instanceof MailplaneNetworkError) return repeatable ? retryDelayMs(policy, attempt, undefined) : undefined;
    if (!(outcome instanceof MailplaneError)) return undefined;
    // 429: refused before any work. 503 service_busy: shed before any work. Other 502/503/504 may have done work.
    const safe = outcome.status === 429 || outcome.code === 'service_busy' || (repeatable && [502, 503, 504].includes(outcome.status));
    return safe ? retryDelayMs(policy, attempt, outcome.retryAfter) : undefined;
  }
}

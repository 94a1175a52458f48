import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import axios from 'axios';
import type { Clock } from '@mailplane/runtime';
import { isPrivateAddress, publicOnlyLookup } from './private-addresses';

export interface PostResult {
  /** Only a 2xx delivers; a 410 says the endpoint is gone for good; anything else (3xx included) failed. */
  outcome: 'delivered' | 'gone' | 'failed';
  /** The endpoint's HTTP status, or null when none came (refused, timeout, connection error). */
  statusCode: number | null;
  /** How long the endpoint asked us to wait (`Retry-After`), when it did. */
  retryAfterMs: number | null;
  error: string | null;
  durationMs: number;
}

/** What a Standard Webhooks delivery carries besides its body. */
export interface SignedDelivery {
  id: string;
  /** Unix seconds, as signed. */
  timestamp: number;
  signature: string;
  body: string;
  /** The API request behind the event, sent as `Mailplane-Request-Id` so the receiver can quote it to us. */
  requestId?: string | null;
}

export interface HttpTarget {
  post(url: string, delivery: SignedDelivery): Promise<PostResult>;
}

const outcomeOf = (status: number): PostResult['outcome'] =>
  status >= 200 && status < 300 ? 'delivered' : status === 410 ? 'gone' : 'failed';

/** `Retry-After` in seconds or as an HTTP date. */
function retryAfterMs(value: unknown, now: Date): number | null {
  if (typeof value !== 'string') return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at - now.getTime();
}

/**
 * POSTs a delivery. Redirects are not followed (a 3xx is a failure); the status and `Retry-After` are
 * all that is kept of the answer. Unless `allowPrivate` (sandbox), loopback and private networks are refused.
 */
export function createHttpTarget(options: { timeoutMs: number; allowPrivate: boolean; clock: Clock }): HttpTarget {
  const agentOptions = { keepAlive: true, ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }) };
  const client = axios.create({
    timeout: options.timeoutMs,
    maxRedirects: 0,
    validateStatus: () => true,
    // Only the status counts; the body is never read, whatever its size.
    responseType: 'stream',
    httpAgent: new http.Agent(agentOptions),
    httpsAgent: new https.Agent(agentOptions),
    transitional: { clarifyTimeoutError: true },
  });
  return {
    async post(url, { id, timestamp, signature, body, requestId }) {
      const started = Date.now();
      const done = (partial: Omit<PostResult, 'durationMs'>): PostResult => ({ ...partial, durationMs: Date.now() - started });
      const failed = (error: string) => done({ outcome: 'failed', statusCode: null, retryAfterMs: null, error });
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
        return failed(`${host} is a private address; refused`);
      }
      try {
        const res = await client.post(url, body, {
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Mailplane-Webhooks/1',
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signature,
            ...(requestId ? { 'mailplane-request-id': requestId } : {}),
          },
        });
        (res.data as { destroy(): void }).destroy();
        return done({
          outcome: outcomeOf(res.status),
          statusCode: res.status,
          retryAfterMs: retryAfterMs(res.headers['retry-after'], options.clock.now()),
          error: null,
        });
      } catch (err) {
        const e = err as { code?: string; message?: string; cause?: { message?: string } };
        return failed(`${e.code ?? 'ERROR'}: ${e.cause?.message ?? e.message ?? 'request failed'}`);
      }
    },
  };
}

import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import axios from 'axios';
import type { Clock } from '@mailplane/runtime';
import { withTraceHeaders } from '@mailplane/telemetry';
import { isPrivateAddress, NO_PUBLIC_ADDRESS, publicOnlyLookup } from './private-addresses';

export interface PostResult {
  /** Only a 2xx delivers; a 410 says the endpoint is gone for good; anything else (3xx included) failed. */
  outcome: 'delivered' | 'gone' | 'failed';
  statusCode: number | null;
  retryAfterMs: number | null;
  error: string | null;
  durationMs: number;
  /** Null when no answer came. */
  responseBody: string | null;
  /** The body was longer than what is kept (or did not end before the timeout). */
  responseBodyTruncated: boolean;
}

/** How much of an endpoint's answer is kept for the delivery log: enough for an error message, never a download. */
export const RESPONSE_BODY_LIMIT_BYTES = 4096;

export interface SignedDelivery {
  id: string;
  /** Unix seconds, as signed. */
  timestamp: number;
  signature: string;
  body: string;
  /** Sent as `Mailplane-Request-Id` so the receiver can quote it to us. */
  requestId?: string | null;
}

export interface HttpTarget {
  post(url: string, delivery: SignedDelivery): Promise<PostResult>;
}

const outcomeOf = (status: number): PostResult['outcome'] =>
  status >= 200 && status < 300 ? 'delivered' : status === 410 ? 'gone' : 'failed';

function retryAfterMs(value: unknown, now: Date): number | null {
  if (typeof value !== 'string') return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at - now.getTime();
}

/** A large or endless answer costs at most one chunk beyond `limit`; at the deadline it keeps what came. */
function readPrefix(stream: Readable, limit: number, deadlineMs: number): Promise<{ text: string; truncated: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (truncated: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.destroy();
      resolve({ text: Buffer.concat(chunks).subarray(0, limit).toString('utf8'), truncated });
    };
    const timer = setTimeout(() => finish(true), Math.max(0, deadlineMs));
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) finish(true);
    });
    stream.on('end', () => finish(false));
    stream.on('error', () => finish(true));
  });
}

/**
 * Redirects are not followed (a 3xx is a failure). Unless `allowPrivate` (sandbox), only public unicast addresses are
 * connected to, never through a proxy: one named by `HTTP(S)_PROXY` would reach any address a tenant names, past the check.
 */
export function createHttpTarget(options: { timeoutMs: number; allowPrivate: boolean; clock: Clock }): HttpTarget {
  const agentOptions = { keepAlive: true, ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }) };
  const client = axios.create({
    timeout: options.timeoutMs,
    maxRedirects: 0,
    proxy: false,
    validateStatus: () => true,
    // Only the status counts; of the body only a prefix is read for the log, whatever its size.
    responseType: 'stream',
    httpAgent: new http.Agent(agentOptions),
    httpsAgent: new https.Agent(agentOptions),
    transitional: { clarifyTimeoutError: true },
  });
  return {
    async post(url, { id, timestamp, signature, body, requestId }) {
      const started = Date.now();
      const done = (partial: Omit<PostResult, 'durationMs'>): PostResult => ({ ...partial, durationMs: Date.now() - started });
      const failed = (error: string) =>
        done({ outcome: 'failed', statusCode: null, retryAfterMs: null, error, responseBody: null, responseBodyTruncated: false });
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) return failed(NO_PUBLIC_ADDRESS);
      try {
        const res = await client.post(url, body, {
          // `traceparent` when traced: the receiver's spans may join the send's trace (it is outside the signature).
          headers: withTraceHeaders({
            'content-type': 'application/json',
            'user-agent': 'Mailplane-Webhooks/1',
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signature,
            ...(requestId ? { 'mailplane-request-id': requestId } : {}),
          }),
        });
        const answer = await readPrefix(res.data as Readable, RESPONSE_BODY_LIMIT_BYTES, options.timeoutMs - (Date.now() - started));
        return done({
          outcome: outcomeOf(res.status),
          statusCode: res.status,
          retryAfterMs: retryAfterMs(res.headers['retry-after'], options.clock.now()),
          error: null,
          responseBody: answer.text,
          responseBodyTruncated: answer.truncated,
        });
      } catch (err) {
        const e = err as { code?: string; message?: string; cause?: { message?: string } };
        return failed(`${e.code ?? 'ERROR'}: ${e.cause?.message ?? e.message ?? 'request failed'}`);
      }
    },
  };
}

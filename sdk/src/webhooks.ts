// Verifying a delivery to your webhook endpoint per Standard Webhooks v1.0.0, with node:crypto only.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './types';

export interface VerifyOptions {
  /** Largest accepted distance between `webhook-timestamp` and now. Default 300 (the spec's 5 minutes). */
  toleranceSeconds?: number;
  /** The receiver's clock, for tests. */
  now?: () => Date;
}

/** The delivery is not authentic (or too old, or not a delivery): answer it 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks `webhook-signature` over the raw body (the exact bytes received: parse only after) with the `whsec_…` secret,
 * and the timestamp's tolerance; returns the event typed by `type`. During a rotation either secret verifies.
 */
export function verifyWebhook(payload: string | Uint8Array, headers: HeaderBag, secret: string, options: VerifyOptions = {}): WebhookEvent {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature');
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not Unix seconds');
  const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError('webhook-timestamp is outside the tolerance (replayed, or a clock is wrong)');
  }
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.from(payload);
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('no webhook-signature entry matches the secret');
  const event = JSON.parse(body.toString('utf8')) as WebhookEvent;
  if (event.id !== id) throw new WebhookVerificationError('webhook-id does not name the signed event');
  return event;
}

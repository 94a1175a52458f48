import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 300;

/**
 * `Hub-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, several `v1` during a
 * secret rotation. Valid when `t` is within 5 minutes of our clock and any `v1` matches, in constant time.
 */
export function verifyHubSignature(secret: string, header: string | undefined, raw: Buffer, now: Date): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t || !/^\d{1,12}$/.test(t) || Math.abs(now.getTime() / 1000 - Number(t)) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(raw).digest();
  return parts
    .filter(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/i.test(v ?? ''))
    .some(([, v]) => timingSafeEqual(Buffer.from(v, 'hex'), expected));
}

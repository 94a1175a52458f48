import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import request from 'supertest';
import { auth, tenantWithDomain } from './mail';
import type { TestPlatform } from './platform';

/** A tenant receiving at a verified domain: its identity verified, receiving enabled, the MX record published, checked. */
export async function receivingTenant(platform: TestPlatform) {
  const t = await tenantWithDomain(platform);
  const enabled = await request(platform.url).post(`/identities/${t.identity.id}/inbound`).set(auth(t.key)).expect(200);
  const mx = enabled.body.dnsRecords.find((r: { purpose: string }) => r.purpose === 'mx');
  platform.sandbox.dns.setMx(mx.name, [mx.value]);
  const verified = await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)).expect(200);
  if (verified.body.inbound?.status !== 'verified') throw new Error(`receiving not verified: ${verified.text}`);
  return t;
}

export async function createRoute(platform: TestPlatform, key: string, body: object) {
  const res = await request(platform.url).post('/inbound/routes').set(auth(key)).send(body);
  if (res.status !== 201) throw new Error(`route not created: ${res.status} ${res.text}`);
  return res.body as { id: string; pattern: string };
}

/** The inbound listener's address, as a remote MTA finds it through the MX record. */
export function inboundListener(platform: TestPlatform) {
  if (!platform.inboundUrl) throw new Error('the platform runs no inbound listener');
  const url = new URL(platform.inboundUrl);
  return { host: url.hostname, port: Number(url.port) };
}

/** An SMTP client as a sending MTA: STARTTLS when offered (any certificate), no pooling, one transaction per call. */
export function mta(platform: TestPlatform, localAddress?: string) {
  return nodemailer.createTransport({
    ...inboundListener(platform),
    secure: false,
    tls: { rejectUnauthorized: false },
    ...(localAddress ? { localAddress } : {}),
  });
}

/** Sends to the inbound listener; answers the SMTP outcome instead of throwing, so tests assert on codes. */
export async function sendIn(platform: TestPlatform, message: Mail.Options, from?: { localAddress: string }) {
  const transport = mta(platform, from?.localAddress);
  try {
    const info = await transport.sendMail(message);
    return { code: 250, response: info.response, rejected: info.rejected };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string; code?: string; rejectedErrors?: { responseCode?: number }[] };
    return { code: e.responseCode ?? 0, response: e.response ?? '', errorCode: e.code };
  } finally {
    transport.close();
  }
}

/** A receiving tenant that holds whatever reaches any address at its domain (one hold route, `*@` the domain). */
export async function holdingTenant(platform: TestPlatform) {
  const t = await receivingTenant(platform);
  await createRoute(platform, t.key, { pattern: `*@${t.domain}`, action: { type: 'hold' } });
  return t;
}

/** Received mail whose body goes after 30 days and record after 396, its attachment links outliving the body. */
export const KEPT_A_WHILE = {
  RETENTION_PURGE_MS: '50',
  BODY_RETENTION_DAYS: '30',
  MESSAGE_RETENTION_DAYS: '396',
  INBOUND_ATTACHMENT_URL_TTL: '1000h',
};

/** A message with one attachment, sent in to `keep@domain`. */
export const sendKept = (platform: TestPlatform, domain: string) =>
  sendIn(platform, {
    from: 'a@elsewhere.example',
    to: `keep@${domain}`,
    subject: 'kept a while',
    text: 'x',
    attachments: [{ filename: 'a.txt', content: 'bytes' }],
  });

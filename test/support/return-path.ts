import request from 'supertest';
import { publish } from '../../sandbox/dns-publish-page';
import { auth, headerOf, waitForStatus } from './mail';
import type { TestPlatform } from './platform';

interface Record {
  purpose: string;
  type: string;
  name: string;
  value: string;
}

/** A tenant whose identity has its own return path domain, its records published in the sandbox DNS and verified. */
export async function tenantWithReturnPath(platform: TestPlatform, options: { publishReturnPath?: boolean } = {}) {
  const domain = `r${Math.random().toString(36).slice(2, 8)}.example.test`;
  const returnPathDomain = `send.${domain}`;
  const { tenantId, key } = await platform.newTenant();
  const created = await request(platform.url).post('/identities').set(auth(key)).send({ domain, returnPathDomain }).expect(201);
  const records = created.body.dnsRecords as Record[];
  publish(
    platform.sandbox.dns,
    records.filter((r) => r.purpose !== 'returnPath' || options.publishReturnPath !== false),
  );
  const verified = await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(key)).expect(200);
  return { tenantId, key, domain, returnPathDomain, id: created.body.id as string, created, verified };
}

/** Sends one email and waits until the sandbox MTA took it: the envelope sender it got, and the raw copy. */
export async function sendAndCapture(platform: TestPlatform, t: { key: string; domain: string }, to = 'kept@example.org') {
  const res = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to, subject: 's', text: 'x' })
    .expect(202);
  await waitForStatus(platform.url, t.key, res.body.id, 'sent');
  const copy = platform.sandbox.sink.messages().find((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id)!;
  return { id: res.body.id as string, mailFrom: copy.envelope.from, raw: copy.raw };
}

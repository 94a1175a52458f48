import request from 'supertest';
import { auth, tenantWithDomain } from '../../../../../test/support/mail';
import { eventually } from '../../../../../test/support/eventually';
import type { TestPlatform } from '../../../../../test/support/platform';

/** A tenant with something behind every kind of id, and the credentials a fuzzer plays with. */
export interface FuzzTenant {
  key: string;
  sendingKey: string;
  /** A full key of another tenant: ids of this tenant must stay out of its reach. */
  otherTenantKey: string;
  domain: string;
  /** Real ids by prefix (`key_`, `msg_`, `idn_`, `whe_`) and the suppressed address (`email`). */
  ids: Record<string, string>;
}

const post = (platform: TestPlatform, key: string, path: string, body: object) =>
  request(platform.url).post(path).set(auth(key)).send(body);

/** Identity verified, a spare key, an endpoint, a sent message and a suppression; subscribed to `starter`. */
export async function fuzzTenant(platform: TestPlatform): Promise<FuzzTenant> {
  const t = await tenantWithDomain(platform);
  const spare = await post(platform, t.key, '/api-keys', { name: 'spare' });
  const sending = await post(platform, t.key, '/api-keys', { name: 'sending', permission: 'sending' });
  const endpoint = await post(platform, t.key, '/webhooks/endpoints', { url: 'https://receiver.invalid/hook', eventTypes: ['*'] });
  const email = await post(platform, t.key, '/emails', { from: `f@${t.domain}`, to: 'r@example.org', subject: 's', text: 't' });
  await post(platform, t.key, '/suppressions', { email: 'gone@example.org' });
  const checkout = await post(platform, t.key, '/billing/checkout', { plan: 'starter' });
  await platform.sandbox.provider.complete(checkout.body.paymentId, 'paid');
  await eventually(
    async () => (await request(platform.url).get('/billing/state').set(auth(t.key))).body.hasSubscription === true,
    'the starter subscription',
  );
  return {
    key: t.key,
    sendingKey: sending.body.key,
    otherTenantKey: (await platform.newTenant('Other')).key,
    domain: t.domain,
    ids: { key_: spare.body.id, msg_: email.body.id, idn_: t.identity.id, whe_: endpoint.body.id, email: 'gone@example.org' },
  };
}

const LISTS = ['/api-keys', '/emails?limit=100', '/identities?limit=100', '/webhooks/endpoints?limit=100', '/suppressions?limit=100'];

/**
 * What the API shows of a tenant: its lists and its billing state. Message statuses are left out: they move
 * on their own as the relay works.
 */
export async function snapshot(platform: TestPlatform, key: string): Promise<unknown> {
  const shown: Record<string, unknown> = {};
  for (const path of [...LISTS, '/billing/state']) {
    const res = await request(platform.url).get(path).set(auth(key));
    if (res.status !== 200) throw new Error(`snapshot ${path}: ${res.status} ${res.text}`);
    shown[path] = path.startsWith('/emails') ? res.body.data.map((m: { id: string }) => m.id) : stripUsage(res.body);
  }
  return shown;
}

// `lastUsedAt` of the key making the snapshot moves with every request.
const stripUsage = (body: { data?: Array<Record<string, unknown>> }) =>
  body.data ? { ...body, data: body.data.map(({ lastUsedAt: _lastUsedAt, ...rest }) => rest) } : body;

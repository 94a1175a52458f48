import request from 'supertest';
import { dkimVerify } from 'mailauth';
import { eventually } from './eventually';
import type { PlatformUnderTest, TestPlatform } from './platform';

export const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

/** A tenant with a verified identity for `domain`: created through the API, records published in the sandbox DNS. */
export async function tenantWithDomain(platform: PlatformUnderTest, domain = `t${Math.random().toString(36).slice(2, 8)}.example.test`) {
  const { tenantId, key } = await platform.newTenant();
  const identity = await request(platform.url).post('/identities').set(auth(key)).send({ domain });
  if (identity.status !== 201) throw new Error(`identity not created: ${identity.status} ${identity.text}`);
  for (const record of identity.body.dnsRecords) platform.sandbox.dns.setTxt(record.name, [record.value]);
  const verified = await request(platform.url).post(`/identities/${identity.body.id}/verify`).set(auth(key));
  if (verified.body.status !== 'verified') throw new Error(`identity not verified: ${verified.text}`);
  return {
    tenantId,
    key,
    domain,
    identity: verified.body as { id: string; selector: string; dnsRecords: { purpose: string; name: string; value: string }[] },
  };
}

/** mailauth, independent of our signer, verifying with a resolver that serves exactly the published records. */
async function dkimResults(raw: Buffer | string, records: { name: string; value: string }[]) {
  const resolver = async (name: string, rrtype: string) => {
    const record = records.find((r) => r.name === name);
    if (rrtype !== 'TXT' || !record) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return [record.value.match(/.{1,255}/g) as string[]];
  };
  return (await dkimVerify(typeof raw === 'string' ? Buffer.from(raw) : raw, { resolver })).results;
}

/** The first signature's result, against exactly the published records. */
export const verifyWithPublishedRecord = async (raw: Buffer | string, records: { name: string; value: string }[]) =>
  (await dkimResults(raw, records))[0];

/** Every signature's [algorithm, selector, result], in header order, against exactly the published records. */
export const dkimVerdicts = async (raw: Buffer | string, records: { name: string; value: string }[]) =>
  // `algo` is in mailauth's results, not in its types.
  (await dkimResults(raw, records)).map((r) => [(r as { algo?: string }).algo, r.selector, r.status.result]);

export const headerOf = (message: { headers: { name: string; value: string }[] }, name: string) =>
  message.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

/** Polls GET /emails/{id} until the message reaches `status`; the answer is returned for further checks. */
export async function waitForStatus(url: string, key: string, id: string, status: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(url).get(`/emails/${id}`).set(auth(key));
    if (res.body.status === status) return res;
    if (Date.now() > deadline) throw new Error(`email ${id} stayed ${res.body.status}, wanted ${status}: ${res.text}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits until a worker holds one of the tenant's messages (status `sending`): delivery is under way. */
export async function waitForSending(url: string, key: string, timeoutMs = 15_000) {
  await eventually(
    async () => (await request(url).get('/emails?status=sending').set(auth(key))).body.total > 0,
    'a message in sending',
    timeoutMs,
  );
}

/** Sends one email and returns what the recipient's MTA got, with the token of its List-Unsubscribe link. */
export async function deliveredWithLink(platform: PlatformUnderTest, t: { key: string; domain: string }, to: string, timeoutMs = 5000) {
  const res = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `news@${t.domain}`, to, subject: 'Weekly', text: 'Hello' });
  expect(res.status).toBe(202);
  const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id, timeoutMs);
  const link = /^<([^>]+)>$/.exec(headerOf(received, 'List-Unsubscribe') ?? '')?.[1] as string;
  return { id: res.body.id as string, received, link, token: new URL(link).searchParams.get('token') as string };
}

/** The addresses on a tenant's suppression list (first page). */
export const suppressedAddresses = async (platform: PlatformUnderTest, key: string): Promise<string[]> =>
  (await request(platform.url).get('/suppressions').set(auth(key))).body.data.map((s: { email: string }) => s.email);

/**
 * Around each test of the enclosing block: the tenant's messages and what the MTA received stay as they were (a refused
 * send stores and relays nothing). Getters, since the platform and tenant are made in beforeAll.
 */
export function expectEachToSendNothing(platform: () => TestPlatform, key: () => string) {
  const messageCount = async () => (await request(platform().url).get('/emails').set(auth(key()))).body.total as number;
  let before: number;
  let received: number;
  beforeEach(async () => {
    before = await messageCount();
    received = platform().sandbox.sink.count();
  });
  afterEach(async () => {
    expect(await messageCount()).toBe(before);
    expect(platform().sandbox.sink.count()).toBe(received);
  });
}

export type TenantWithDomain = Awaited<ReturnType<typeof tenantWithDomain>>;

/**
 * One tenant with a verified domain for the tests of the enclosing block, made before the first (after the platform
 * declared above it has started). Its fields are set then, so tests read them there, not when declared.
 */
export function sharedTenantWithDomain(platform: PlatformUnderTest): TenantWithDomain {
  const tenant = {} as TenantWithDomain;
  beforeAll(async () => {
    Object.assign(tenant, await tenantWithDomain(platform));
  });
  return tenant;
}

/**
 * POST /emails as the tenant: from `a@` its domain, to r@example.org, subject `s`, text `x`, unless `body` says
 * otherwise. The request is returned unsent, so callers chain `.expect(…)`, `.set(…)` or await it.
 */
export const sendEmail = (platform: Pick<PlatformUnderTest, 'url'>, t: { key: string; domain: string }, body: object = {}) =>
  request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 's', text: 'x', ...body });

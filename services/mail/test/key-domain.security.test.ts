import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth, expectEachToSendNothing, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { submissionTransport } from '../../../test/support/submission';

let platform: TestPlatform;
let t: Awaited<ReturnType<typeof tenantWithDomain>>;
/** A second verified domain of the same tenant, which the restricted key may not send from. */
let other: { domain: string; identityId: string };
/** A sending key of `t` restricted to `t.domain`. */
let restricted: string;

beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  t = await tenantWithDomain(platform);
  const domain = `other${Math.random().toString(36).slice(2, 8)}.example.test`;
  const identity = await request(platform.url).post('/identities').set(auth(t.key)).send({ domain }).expect(201);
  for (const record of identity.body.dnsRecords) platform.sandbox.dns.setTxt(record.name, [record.value]);
  await request(platform.url).post(`/identities/${identity.body.id}/verify`).set(auth(t.key)).expect(200);
  other = { domain, identityId: identity.body.id };
  const made = await request(platform.url)
    .post('/api-keys')
    .set(auth(t.key))
    .send({ name: 'shop', permission: 'sending', domain: t.domain });
  expect(made.status).toBe(201);
  expectContract(made, 'createApiKey');
  expect(made.body).toMatchObject({ permission: 'sending', domain: t.domain });
  restricted = made.body.key;
});
afterAll(() => platform.stop());

const email = (from: string) => ({ from, to: 'r@example.org', subject: 'Hello', text: 'Hi' });

describe('an API key restricted to one sending domain', () => {
  it('when the key is listed, then it names its domain, and an unrestricted key names none', async () => {
    const listed = await request(platform.url).get('/api-keys').set(auth(t.key));
    expectContract(listed, 'listApiKeys');
    const domains = Object.fromEntries(listed.body.data.map((k: { name: string; domain: string | null }) => [k.name, k.domain]));
    expect(domains.shop).toBe(t.domain);
    expect(Object.values(domains).filter((d) => d === null).length).toBeGreaterThan(0);
  });

  describe('when it sends from another domain of its tenant', () => {
    expectEachToSendNothing(
      () => platform,
      () => t.key,
    );

    it('over the API, then 403 key_domain_mismatch', async () => {
      const res = await request(platform.url)
        .post('/emails')
        .set(auth(restricted))
        .send(email(`shop@${other.domain.toUpperCase()}`));
      expectProblem(res, 403, 'key_domain_mismatch', 'sendEmail');
      expect(res.body.detail).toContain(t.domain);
    });

    it('naming the other identity in a test email, then 403 key_domain_mismatch', async () => {
      const res = await request(platform.url)
        .post('/emails/test')
        .set(auth(restricted))
        .send({ to: 'r@example.org', identityId: other.identityId });
      expectProblem(res, 403, 'key_domain_mismatch', 'sendTestEmail');
    });

    it('over SMTP, then 550 5.7.1', async () => {
      const transport = submissionTransport(platform.submission, restricted);
      try {
        await expect(transport.sendMail(email(`shop@${other.domain}`))).rejects.toMatchObject({
          responseCode: 550,
          response: expect.stringMatching(/^550 5\.7\.1 .*may send only from/),
        });
      } finally {
        transport.close();
      }
    });
  });

  it('when it sends from its domain, over the API, in a batch, as a test email and over SMTP, then each is accepted', async () => {
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(restricted))
      .send(email(`shop@${t.domain}`));
    expect(sent.status).toBe(202);
    const batch = await request(platform.url)
      .post('/emails/batch')
      .set(auth(restricted))
      .send([email(`shop@${t.domain}`), email(`shop@${other.domain}`)]);
    expect(batch.status).toBe(202);
    expectContract(batch, 'sendEmailBatch');
    expect(batch.body.data[0].id).toEqual(expect.any(String));
    expect(batch.body.data[1].error).toMatchObject({ status: 403, code: 'key_domain_mismatch' });
    // The tenant's first verified identity is another; the key's own domain is the one a test comes from.
    const test = await request(platform.url).post('/emails/test').set(auth(restricted)).send({ to: 'r@example.org' });
    expect(test.status).toBe(202);
    const stored = await request(platform.url).get(`/emails/${test.body.id}`).set(auth(t.key));
    expect(stored.body.from).toContain(`@${t.domain}`);
    const transport = submissionTransport(platform.submission, restricted);
    try {
      await expect(transport.sendMail(email(`shop@${t.domain}`))).resolves.toMatchObject({ response: expect.stringMatching(/^250/) });
    } finally {
      transport.close();
    }
  });

  it('when the unrestricted key of the same tenant sends from the other domain, then it is accepted', async () => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send(email(`shop@${other.domain}`));
    expect(res.status).toBe(202);
  });

  it('when a key is made with a domain that is not a hostname, then 400 and no key', async () => {
    const before = (await request(platform.url).get('/api-keys').set(auth(t.key))).body.data.length;
    const res = await request(platform.url).post('/api-keys').set(auth(t.key)).send({ name: 'bad', domain: 'not a domain' });
    expectProblem(res, 400, 'validation_failed', 'createApiKey');
    expect((await request(platform.url).get('/api-keys').set(auth(t.key))).body.data).toHaveLength(before);
  });
});

describe("a full key restricted to one domain sees and changes only that domain's identities and emails", () => {
  let scoped: string;
  let own: string;
  let foreign: string;
  let foreignScheduled: string;
  beforeAll(async () => {
    const made = await request(platform.url).post('/api-keys').set(auth(t.key)).send({ name: 'shop ops', domain: t.domain });
    scoped = made.body.key;
    const sent = (from: string, extra = {}) =>
      request(platform.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ ...email(`shop@${from}`), ...extra })
        .expect(202);
    own = (await sent(t.domain)).body.id;
    foreign = (await sent(other.domain)).body.id;
    foreignScheduled = (await sent(other.domain, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() })).body.id;
  });

  it('when it lists identities, then only its domain is there', async () => {
    const res = await request(platform.url).get('/identities').set(auth(scoped));
    expectContract(res, 'listIdentities');
    expect(res.body.data.map((i: { domain: string }) => i.domain)).toEqual([t.domain]);
    expect(res.body.total).toBe(1);
  });

  it("when it reads, checks, changes or deletes another domain's identity, then 404 and the identity is unchanged", async () => {
    const path = `/identities/${other.identityId}`;
    expectProblem(await request(platform.url).get(path).set(auth(scoped)), 404, 'not_found', 'getIdentity');
    expectProblem(await request(platform.url).post(`${path}/verify`).set(auth(scoped)), 404, 'not_found', 'verifyIdentity');
    const patch = await request(platform.url)
      .patch(path)
      .set(auth(scoped))
      .send({ tracking: { opens: true } });
    expectProblem(patch, 404, 'not_found', 'updateIdentity');
    expectProblem(await request(platform.url).delete(path).set(auth(scoped)), 404, 'not_found', 'deleteIdentity');
    const still = await request(platform.url).get(path).set(auth(t.key)).expect(200);
    expect(still.body.tracking.opens).toBe(false);
    await request(platform.url).get(`/identities/${t.identity.id}`).set(auth(scoped)).expect(200);
  });

  it('when it creates an identity of another domain, then 403 key_domain_mismatch and none is made', async () => {
    const res = await request(platform.url).post('/identities').set(auth(scoped)).send({ domain: 'third.example.test' });
    expectProblem(res, 403, 'key_domain_mismatch', 'createIdentity');
    const all = await request(platform.url).get('/identities').set(auth(t.key));
    expect(all.body.data.map((i: { domain: string }) => i.domain)).not.toContain('third.example.test');
  });

  it("when it lists emails, then only its domain's are there, whatever the filter", async () => {
    const listed = await request(platform.url).get('/emails').set(auth(scoped));
    expectContract(listed, 'listEmails');
    const ids = listed.body.data.map((m: { id: string }) => m.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(foreign);
    expect(listed.body.data.every((m: { identityId: string }) => m.identityId === t.identity.id)).toBe(true);
    const filtered = await request(platform.url).get('/emails').query({ identityId: other.identityId }).set(auth(scoped));
    expect(filtered.body).toMatchObject({ data: [], total: 0 });
  });

  it("when it reads, reschedules or cancels another domain's email, then 404 and the email is unchanged", async () => {
    expectProblem(await request(platform.url).get(`/emails/${foreign}`).set(auth(scoped)), 404, 'not_found', 'getEmail');
    const later = { scheduledAt: new Date(Date.now() + 7_200_000).toISOString() };
    const moved = await request(platform.url).patch(`/emails/${foreignScheduled}`).set(auth(scoped)).send(later);
    expectProblem(moved, 404, 'not_found', 'updateEmail');
    const canceled = await request(platform.url).post(`/emails/${foreignScheduled}/cancel`).set(auth(scoped));
    expectProblem(canceled, 404, 'not_found', 'cancelEmail');
    const still = await request(platform.url).get(`/emails/${foreignScheduled}`).set(auth(t.key)).expect(200);
    expect(still.body.status).toBe('scheduled');
    await request(platform.url).get(`/emails/${own}`).set(auth(scoped)).expect(200);
  });
});

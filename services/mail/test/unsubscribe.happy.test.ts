import request from 'supertest';
import { ack } from '@mailplane/broker';
import type { Envelope } from '@mailplane/contracts';
import { expectContract, expectProblem } from '../../../test/support/contract';
import {
  auth,
  deliveredWithLink,
  headerOf,
  suppressedAddresses,
  tenantWithDomain,
  verifyWithPublishedRecord,
} from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { startWebhookReceiver } from '../../../test/support/webhook-receiver';

let platform: TestPlatform;
const events: Envelope[] = [];
beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  await platform.gateway.deps.broker.consume(`test.unsub.${Date.now()}`, async (e) => (events.push(e), ack()), {
    prefetch: 50,
    bindings: ['recipient.*', 'email.suppressed'],
  });
});
afterAll(() => platform.stop());

const delivered = (t: { key: string; domain: string }, to: string) => deliveredWithLink(platform, t, to);
const suppressed = (key: string) => suppressedAddresses(platform, key);

describe('List-Unsubscribe on every email', () => {
  it('when an email is relayed, then it carries the one-click headers and DKIM covers both', async () => {
    const t = await tenantWithDomain(platform);
    const { received, link } = await delivered(t, 'Reader <Reader@Example.org>');
    expect(link).toMatch(/^http:\/\/localhost:\d+\/unsubscribe\?token=u1\./);
    expect(headerOf(received, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const verdict = await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords);
    expect(verdict.status.result).toBe('pass');
    const signed = (verdict as unknown as { signingHeaders: { keys: string } }).signingHeaders.keys;
    expect(signed.toLowerCase().split(/\s*:\s*/)).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
  });
});

describe('POST /unsubscribe', () => {
  it('when a mailbox provider POSTs one-click exactly as RFC 8058 says, then 200 and the recipient is suppressed, once', async () => {
    const t = await tenantWithDomain(platform);
    const { token, id } = await delivered(t, 'Reader <Reader@Example.org>');
    const res = await request(platform.url)
      .post(`/unsubscribe?token=${encodeURIComponent(token)}`)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expectContract(res, 'unsubscribe');
    expect(res.body).toEqual({ unsubscribed: true, email: 'r***@example.org' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await suppressed(t.key)).toEqual(['reader@example.org']);
    const again = await request(platform.url)
      .post(`/unsubscribe?token=${encodeURIComponent(token)}`)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(again.status).toBe(200);
    const mine = events.filter((e) => e.type === 'recipient.unsubscribed' && e.tenantId === t.tenantId);
    expect(mine.map((e) => e.data)).toEqual([{ email: 'reader@example.org', messageId: id }]);
  });

  it('when the token comes as multipart/form-data, as JSON, or in the query with no body, then each is honoured', async () => {
    const t = await tenantWithDomain(platform);
    const a = await delivered(t, 'a@example.org');
    const b = await delivered(t, 'b@example.org');
    const c = await delivered(t, 'c@example.org');
    const multipart = await request(platform.url).post('/unsubscribe').field('List-Unsubscribe', 'One-Click').field('token', a.token);
    expect(multipart.status).toBe(200);
    const json = await request(platform.url).post('/unsubscribe').send({ token: b.token });
    expect(json.status).toBe(200);
    const bare = await request(platform.url).post(`/unsubscribe?token=${encodeURIComponent(c.token)}`);
    expect(bare.status).toBe(200);
    expect((await suppressed(t.key)).sort()).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
  });
});

describe('GET /unsubscribe', () => {
  it('when the link is opened, then a confirmation page posts the same token back, and nothing is changed yet', async () => {
    const t = await tenantWithDomain(platform);
    const { token } = await delivered(t, 'page@example.org');
    const res = await request(platform.url).get(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expectContract(res, 'showUnsubscribePage');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<form method="post" action="/unsubscribe">');
    expect(res.text).toContain(`value="${token}"`);
    expect(res.text).toContain('p***@example.org');
    expect(res.text).not.toContain('page@example.org');
    expect(await suppressed(t.key)).toEqual([]);
  });
});

describe('suppressed recipients', () => {
  it("when a recipient unsubscribed, then the tenant's next email to them is accepted as suppressed and never reaches the MTA", async () => {
    const t = await tenantWithDomain(platform);
    const receiver = await startWebhookReceiver();
    await request(platform.url)
      .post('/webhooks/endpoints')
      .set(auth(t.key))
      .send({ url: receiver.url, eventTypes: ['email.suppressed'] })
      .expect(201);
    const { token } = await delivered(t, 'gone@example.org');
    await request(platform.url).post('/unsubscribe').send({ token }).expect(200);
    const next = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `news@${t.domain}`, to: 'Gone <GONE@example.org>', subject: 'Again', text: 'x' });
    expect(next.status).toBe(202);
    expectContract(next, 'sendEmail');
    expect(next.body.status).toBe('suppressed');
    // A later email to someone else arriving shows the pipeline moved past the suppressed one.
    await delivered(t, 'other@example.org');
    expect(platform.sandbox.sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === next.body.id)).toBe(false);
    expect((await request(platform.url).get(`/emails/${next.body.id}`).set(auth(t.key))).body).toMatchObject({
      status: 'suppressed',
      attempts: [],
    });
    const [hook] = await receiver.waitFor(1);
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'email.suppressed', data: { messageId: next.body.id } });
    await receiver.stop();
    const otherTenant = await tenantWithDomain(platform);
    expect((await delivered(otherTenant, 'gone@example.org')).received).toBeDefined();
  });

  it('when tenants manage the list, then add is idempotent, q filters, and removal lets mail through again', async () => {
    const t = await tenantWithDomain(platform);
    const added = await request(platform.url).post('/suppressions').set(auth(t.key)).send({ email: 'Manual@Example.org' });
    expect(added.status).toBe(201);
    expectContract(added, 'addSuppression');
    expect(added.body).toMatchObject({ email: 'manual@example.org', reason: 'manual', messageId: null });
    const twice = await request(platform.url)
      .post('/suppressions')
      .set(auth(t.key))
      .send({ email: 'manual@example.org', reason: 'bounced' });
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual(added.body);
    await request(platform.url).post('/suppressions').set(auth(t.key)).send({ email: 'x@other.test' }).expect(201);
    const listed = await request(platform.url).get('/suppressions?q=EXAMPLE').set(auth(t.key));
    expectContract(listed, 'listSuppressions');
    expect(listed.body).toMatchObject({ total: 1, data: [{ email: 'manual@example.org' }] });
    expectProblem(
      await request(platform.url).post('/suppressions').set(auth(t.key)).send({ email: 'nope' }),
      400,
      'validation_failed',
      'addSuppression',
    );
    await request(platform.url).delete('/suppressions/MANUAL@example.org').set(auth(t.key)).expect(204);
    expectProblem(
      await request(platform.url).delete('/suppressions/manual@example.org').set(auth(t.key)),
      404,
      'not_found',
      'removeSuppression',
    );
    expect((await delivered(t, 'manual@example.org')).received).toBeDefined();
  });
});

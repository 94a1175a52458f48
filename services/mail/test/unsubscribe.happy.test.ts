import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import {
  auth,
  deliveredWithLink,
  headerOf,
  suppressedAddresses,
  tenantWithDomain,
  verifyWithPublishedRecord,
  sendEmail,
} from '../../../test/support/mail';
import { sharedEvents } from '../../../test/support/events';
import { sharedPlatform } from '../../../test/support/platform';
import { startWebhookReceiver } from '../../../test/support/webhook-receiver';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });
const events = sharedEvents(platform, ['recipient.*', 'email.suppressed']);

describe('List-Unsubscribe on every email', () => {
  it('when an email is relayed, then it carries the one-click headers and DKIM covers both', async () => {
    const t = await tenantWithDomain(platform);
    const { received, link } = await deliveredWithLink(platform, t, 'Reader <Reader@Example.org>');
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
    const { token, id } = await deliveredWithLink(platform, t, 'Reader <Reader@Example.org>');
    const res = await request(platform.url)
      .post(`/unsubscribe?token=${encodeURIComponent(token)}`)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expectContract(res, 'unsubscribe');
    expect(res.body).toEqual({ unsubscribed: true, email: 'r***@example.org' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await suppressedAddresses(platform, t.key)).toEqual(['reader@example.org']);
    const again = await request(platform.url)
      .post(`/unsubscribe?token=${encodeURIComponent(token)}`)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(again.status).toBe(200);
    const mine = events.seen.filter((e) => e.type === 'recipient.unsubscribed' && e.tenantId === t.tenantId);
    expect(mine.map((e) => e.data)).toEqual([{ email: 'reader@example.org', messageId: id }]);
  });

  it('when the token comes as multipart/form-data, as JSON, or in the query with no body, then each is honoured', async () => {
    const t = await tenantWithDomain(platform);
    const a = await deliveredWithLink(platform, t, 'a@example.org');
    const b = await deliveredWithLink(platform, t, 'b@example.org');
    const c = await deliveredWithLink(platform, t, 'c@example.org');
    const multipart = await request(platform.url).post('/unsubscribe').field('List-Unsubscribe', 'One-Click').field('token', a.token);
    expect(multipart.status).toBe(200);
    const json = await request(platform.url).post('/unsubscribe').send({ token: b.token });
    expect(json.status).toBe(200);
    const bare = await request(platform.url).post(`/unsubscribe?token=${encodeURIComponent(c.token)}`);
    expect(bare.status).toBe(200);
    expect((await suppressedAddresses(platform, t.key)).sort()).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
  });
});

describe('GET /unsubscribe', () => {
  it('when the link is opened, then a confirmation page posts the same token back, and nothing is changed yet', async () => {
    const t = await tenantWithDomain(platform);
    const { token } = await deliveredWithLink(platform, t, 'page@example.org');
    const res = await request(platform.url).get(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expectContract(res, 'showUnsubscribePage');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<form method="post" action="/unsubscribe">');
    expect(res.text).toContain(`value="${token}"`);
    expect(res.text).toContain('p***@example.org');
    expect(res.text).not.toContain('page@example.org');
    expect(await suppressedAddresses(platform, t.key)).toEqual([]);
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
    const { token } = await deliveredWithLink(platform, t, 'gone@example.org');
    await request(platform.url).post('/unsubscribe').send({ token }).expect(200);
    const next = await sendEmail(platform, t, { from: `news@${t.domain}`, to: 'Gone <GONE@example.org>', subject: 'Again' });
    expect(next.status).toBe(202);
    expectContract(next, 'sendEmail');
    expect(next.body.status).toBe('suppressed');
    // A later email to someone else arriving shows the pipeline moved past the suppressed one.
    await deliveredWithLink(platform, t, 'other@example.org');
    expect(platform.sandbox.sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === next.body.id)).toBe(false);
    expect((await request(platform.url).get(`/emails/${next.body.id}`).set(auth(t.key))).body).toMatchObject({
      status: 'suppressed',
      attempts: [],
    });
    const [hook] = await receiver.waitFor(1);
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'email.suppressed', data: { messageId: next.body.id } });
    await receiver.stop();
    const otherTenant = await tenantWithDomain(platform);
    expect((await deliveredWithLink(platform, otherTenant, 'gone@example.org')).received).toBeDefined();
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
    await request(platform.url).delete('/suppressions/MANUAL@example.org').set(auth(t.key)).expect(204);
    const after = await request(platform.url).get('/suppressions?q=manual').set(auth(t.key)).expect(200);
    expect(after.body).toMatchObject({ total: 0, data: [] });
    expect((await deliveredWithLink(platform, t, 'manual@example.org')).received).toBeDefined();
  });
});

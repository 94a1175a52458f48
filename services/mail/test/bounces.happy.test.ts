import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { auth, headerOf, tenantWithDomain, waitForStatus } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000', RETRY_SCHEDULE: '2s' });

const send = (t: { key: string; domain: string }, to: string, subject = 'hi') =>
  request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to, subject, text: 'x' })
    .expect(202);
const suppressions = async (key: string) => (await request(platform.url).get('/suppressions').set(auth(key))).body;
const relayed = (id: string) => platform.sandbox.sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === id);

describe('bounces and late suppressions', () => {
  it('when the MTA says the address does not exist (5.1.1), then it is suppressed as bounced and the next email to it is never relayed', async () => {
    const t = await tenantWithDomain(platform);
    platform.sandbox.sink.behaviour.failNext(1, {
      code: 550,
      message: '5.1.1 <Gone@Example.org>: Recipient address rejected: User unknown',
    });
    const first = (await send(t, 'Gone <Gone@Example.org>')).body;
    await waitForStatus(platform.url, t.key, first.id, 'failed');
    const list = await request(platform.url).get('/suppressions').set(auth(t.key));
    expectContract(list, 'listSuppressions');
    expect(list.body.data).toEqual([expect.objectContaining({ email: 'gone@example.org', reason: 'bounced', messageId: first.id })]);

    const next = (await send(t, 'gone@example.org')).body;
    expect(next.status).toBe('suppressed');
    const other = await tenantWithDomain(platform);
    const elsewhere = (await send(other, 'gone@example.org')).body;
    await waitForStatus(platform.url, other.key, elsewhere.id, 'sent');
    expect(relayed(next.id)).toBe(false);
  });

  it.each([
    ['a spam refusal', '5.7.1 Message rejected as spam'],
    ['a full mailbox', '5.2.2 Mailbox full'],
    ['a policy refusal without an enhanced code', 'Relaying denied'],
  ])('when the 5xx is %s, then the message fails but the address is not suppressed', async (_label, message) => {
    const t = await tenantWithDomain(platform);
    platform.sandbox.sink.behaviour.failNext(1, { code: 550, message });
    const res = (await send(t, 'busy@example.org')).body;
    await waitForStatus(platform.url, t.key, res.id, 'failed');
    expect((await suppressions(t.key)).total).toBe(0);
  });

  it('when the recipient is suppressed while the message waits for a retry, then it ends suppressed and is never relayed', async () => {
    const t = await tenantWithDomain(platform);
    platform.sandbox.sink.behaviour.failNext(1, { code: 451, message: 'Try again later' });
    const res = (await send(t, 'later@example.org')).body;
    await waitForStatus(platform.url, t.key, res.id, 'deferred');
    await request(platform.url).post('/suppressions').set(auth(t.key)).send({ email: 'later@example.org' }).expect(201);
    const view = await waitForStatus(platform.url, t.key, res.id, 'suppressed');
    expectContract(view, 'getEmail');
    expect(view.body.attempts).toHaveLength(1);
    expect(relayed(res.id)).toBe(false);
  });
});

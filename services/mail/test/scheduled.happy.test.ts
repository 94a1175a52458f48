import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { sharedEvents } from '../../../test/support/events';
import { eventually } from '../../../test/support/eventually';
import { auth, headerOf, tenantWithDomain, waitForStatus } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });
const events = sharedEvents(platform, ['email.*']);

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const typesOf = (id: string) => events.about(id).map((e) => e.type);
const send = (t: { key: string; domain: string }, scheduledAt: string, subject = 'later') =>
  request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to: 'r@example.org', subject, text: 'x', scheduledAt });
const delivered = (id: string) => platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 15_000);
const used = async (key: string) => (await request(platform.url).get('/billing/state').set(auth(key))).body.usage.used as number;

describe('scheduled sends', () => {
  it('when a send is scheduled, then it waits as scheduled and reaches the MTA at its time, not before, announced scheduled, queued, sent', async () => {
    const t = await tenantWithDomain(platform);
    const scheduledAt = inMs(2000);
    const res = await send(t, scheduledAt).expect(202);
    expectContract(res, 'sendEmail');
    expect(res.body).toMatchObject({ status: 'scheduled', scheduledAt });

    const waiting = await request(platform.url).get(`/emails/${res.body.id}`).set(auth(t.key)).expect(200);
    expect(waiting.body).toMatchObject({ status: 'scheduled', scheduledAt, attempts: [] });
    const listed = await request(platform.url).get('/emails?status=scheduled').set(auth(t.key)).expect(200);
    expectContract(listed, 'listEmails');
    expect(listed.body.data.map((m: { id: string }) => m.id)).toEqual([res.body.id]);

    const received = await delivered(res.body.id);
    expect(received.receivedAt.getTime()).toBeGreaterThanOrEqual(new Date(scheduledAt).getTime());
    const sent = await waitForStatus(platform.url, t.key, res.body.id, 'sent');
    expect(sent.body.scheduledAt).toBe(scheduledAt);
    await eventually(async () => typesOf(res.body.id).includes('email.sent'), 'email.sent');
    expect(typesOf(res.body.id)).toEqual(['email.scheduled', 'email.queued', 'email.sent']);
    const scheduledEvent = events.seen.find(
      (e) => e.type === 'email.scheduled' && (e.data as { messageId: string }).messageId === res.body.id,
    );
    expect(scheduledEvent?.data).toMatchObject({ scheduledAt });
  });

  it('when a scheduled send is moved later, then it goes out at the new time and reads back rescheduled', async () => {
    const t = await tenantWithDomain(platform);
    const res = await send(t, inMs(1500)).expect(202);
    const later = inMs(3000);
    const moved = await request(platform.url).patch(`/emails/${res.body.id}`).set(auth(t.key)).send({ scheduledAt: later }).expect(200);
    expectContract(moved, 'updateEmail');
    expect(moved.body).toMatchObject({ id: res.body.id, status: 'scheduled', scheduledAt: later });

    const received = await delivered(res.body.id);
    expect(received.receivedAt.getTime()).toBeGreaterThanOrEqual(new Date(later).getTime());
    await eventually(async () => typesOf(res.body.id).includes('email.sent'), 'email.sent');
    expect(typesOf(res.body.id)).toEqual(['email.scheduled', 'email.scheduled', 'email.queued', 'email.sent']);
  });

  it('when a scheduled send is canceled, then it never goes out, stays canceled, and its quota is given back', async () => {
    const t = await tenantWithDomain(platform);
    const before = await used(t.key);
    const at = inMs(1500);
    const canceled = await send(t, at, 'canceled').expect(202);
    // Scheduled just after it, so its delivery proves the sweeper has passed the canceled one's time.
    const witness = await send(t, inMs(1600), 'witness').expect(202);
    expect(await used(t.key)).toBe(before + 2);

    const res = await request(platform.url).post(`/emails/${canceled.body.id}/cancel`).set(auth(t.key)).expect(200);
    expectContract(res, 'cancelEmail');
    expect(res.body).toMatchObject({ status: 'canceled', scheduledAt: at });
    expect(await used(t.key)).toBe(before + 1);
    const again = await request(platform.url).post(`/emails/${canceled.body.id}/cancel`).set(auth(t.key)).expect(200);
    expect(again.body.status).toBe('canceled');
    expect(await used(t.key)).toBe(before + 1);

    await delivered(witness.body.id);
    await waitForStatus(platform.url, t.key, witness.body.id, 'sent');
    expect(platform.sandbox.sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === canceled.body.id)).toBe(false);
    const after = await request(platform.url).get(`/emails/${canceled.body.id}`).set(auth(t.key)).expect(200);
    expect(after.body).toMatchObject({ status: 'canceled', attempts: [] });
    await eventually(async () => typesOf(canceled.body.id).includes('email.canceled'), 'email.canceled');
    expect(typesOf(canceled.body.id)).toEqual(['email.scheduled', 'email.canceled']);
  });

  it('when a scheduled send is retried with its Idempotency-Key, then the original scheduled answer comes back and one message exists', async () => {
    const t = await tenantWithDomain(platform);
    const body = { from: `a@${t.domain}`, to: 'r@example.org', subject: 'keyed', text: 'x', scheduledAt: inMs(60_000) };
    const first = await request(platform.url).post('/emails').set(auth(t.key)).set('Idempotency-Key', 'sched-1').send(body).expect(202);
    const retry = await request(platform.url).post('/emails').set(auth(t.key)).set('Idempotency-Key', 'sched-1').send(body).expect(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    const list = await request(platform.url).get('/emails?status=scheduled').set(auth(t.key)).expect(200);
    expect(list.body.total).toBe(1);
  });
});

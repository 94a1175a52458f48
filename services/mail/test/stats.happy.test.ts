import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, waitForStatus, sendEmail } from '../../../test/support/mail';
import { sharedPlatformOn, travellingClock } from '../../../test/support/travelling-platform';

const clock = travellingClock();
const platform = sharedPlatformOn(clock, { SEND_RATE_LIMIT: '1000' });

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const stats = async (key: string, query = '') => {
  const res = await request(platform.url).get(`/stats${query}`).set(auth(key)).expect(200);
  expectContract(res, 'getEmailStats');
  return res.body as { from: string; to: string; days: ({ date: string } & Record<string, number>)[] };
};
const today = async (key: string) => (await stats(key)).days.at(-1) as Record<string, number>;

describe('GET /stats', () => {
  it('counts what happened to a tenant’s mail on each UTC day, every day present, other tenants apart', async () => {
    const t = await tenantWithDomain(platform);
    const send = (to: string) =>
      request(platform.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to, subject: 'hi', text: 'x' })
        .expect(202);

    const sent = (await send('ok@example.org')).body;
    await waitForStatus(platform.url, t.key, sent.id, 'sent');
    platform.sandbox.sink.behaviour.failNext(1, { code: 550, message: '5.1.1 User unknown' });
    const bounced = (await send('gone@example.org')).body;
    await waitForStatus(platform.url, t.key, bounced.id, 'failed');
    // the bounce put gone@ on the list; a send to it is accepted as suppressed
    expect((await send('gone@example.org')).body.status).toBe('suppressed');
    await request(platform.url).post('/suppressions').set(auth(t.key)).send({ email: 'manual@example.org' }).expect(201);

    await eventually(async () => (await today(t.key)).suppressionsAdded === 2, 'both suppressions counted');
    expect(await today(t.key)).toEqual({
      date: dayOf(clock.now()),
      accepted: 3,
      sent: 1,
      deferred: 0,
      bounced: 1,
      failed: 0,
      complained: 0,
      suppressed: 1,
      suppressionsAdded: 2,
      opened: 0,
      clicked: 0,
      machineOpens: 0,
    });
    const month = await stats(t.key);
    expect(month.days).toHaveLength(30);
    expect(month.from).toBe(month.days[0].date);
    expect(month.to).toBe(dayOf(clock.now()));
    expect(month.days.slice(0, -1).every((d) => d.accepted === 0)).toBe(true);

    const other = await tenantWithDomain(platform);
    expect((await today(other.key)).accepted).toBe(0);
  });

  it('puts a later day’s events on that day and keeps the earlier one', async () => {
    const t = await tenantWithDomain(platform);
    const first = dayOf(clock.now());
    await sendEmail(platform, t, { to: 'x@example.org' });
    clock.travelDays(1);
    await sendEmail(platform, t, { to: 'y@example.org' });
    await sendEmail(platform, t, { to: 'z@example.org' });
    await eventually(async () => (await today(t.key)).accepted === 2, 'the second day counted');
    const week = await stats(t.key, '?days=7');
    expect(week.days).toHaveLength(7);
    expect(week.days.find((d) => d.date === first)?.accepted).toBe(1);
  });
});

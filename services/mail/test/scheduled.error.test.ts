import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain, waitForStatus } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });
let t: Awaited<ReturnType<typeof tenantWithDomain>>;
beforeAll(async () => {
  t = await tenantWithDomain(platform);
});

const DAY_MS = 24 * 3600 * 1000;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const valid = () => ({ from: `a@${t.domain}`, to: 'b@example.org', subject: 'hi', text: 'x' });
const total = async () => (await request(platform.url).get('/emails').set(auth(t.key))).body.total as number;
const used = async () => (await request(platform.url).get('/billing/state').set(auth(t.key))).body.usage.used as number;

describe('a scheduled time the platform cannot honour is refused, and nothing is stored or counted', () => {
  let before: { total: number; used: number };
  beforeEach(async () => {
    before = { total: await total(), used: await used() };
  });
  afterEach(async () => {
    expect({ total: await total(), used: await used() }).toEqual(before);
  });

  it.each([
    ['in the past', () => inMs(-60_000), /in the future/],
    ['more than 30 days ahead', () => inMs(30 * DAY_MS + 60_000), /at most 30 days/],
  ])('when scheduledAt is %s, then 400 at /body/scheduledAt', async (_, at, detail) => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), scheduledAt: at() });
    expectProblem(res, 400, 'validation_failed', 'sendEmail');
    expect(res.body.errors).toEqual([{ path: '/body/scheduledAt', message: expect.stringMatching(detail) }]);
  });

  it.each(['tomorrow', '2026-13-01T00:00:00Z', '2026-12-01 09:00', '1764579600'])('when scheduledAt is %j, then 400', async (at) => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), scheduledAt: at });
    expectProblem(res, 400, 'validation_failed', 'sendEmail');
    expect(res.body.errors[0].path).toBe('/body/scheduledAt');
  });
});

describe('only a scheduled email can be moved or canceled', () => {
  it('when the email was sent at once, then PATCH and cancel are 409 not_scheduled and change nothing', async () => {
    const sent = await request(platform.url).post('/emails').set(auth(t.key)).send(valid()).expect(202);
    const done = await waitForStatus(platform.url, t.key, sent.body.id, 'sent');
    const patch = await request(platform.url)
      .patch(`/emails/${sent.body.id}`)
      .set(auth(t.key))
      .send({ scheduledAt: inMs(60_000) });
    expectProblem(patch, 409, 'not_scheduled', 'updateEmail');
    expect(patch.body.detail).toMatch(/is sent/);
    expectProblem(await request(platform.url).post(`/emails/${sent.body.id}/cancel`).set(auth(t.key)), 409, 'not_scheduled', 'cancelEmail');
    const after = await request(platform.url).get(`/emails/${sent.body.id}`).set(auth(t.key));
    expect(after.body).toEqual({ ...done.body, updatedAt: after.body.updatedAt });
    expect(after.body.updatedAt).toBe(done.body.updatedAt);
  });

  it('when a canceled email is rescheduled, then 409, and it stays canceled', async () => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), scheduledAt: inMs(60_000) })
      .expect(202);
    await request(platform.url).post(`/emails/${res.body.id}/cancel`).set(auth(t.key)).expect(200);
    const patch = await request(platform.url)
      .patch(`/emails/${res.body.id}`)
      .set(auth(t.key))
      .send({ scheduledAt: inMs(120_000) });
    expectProblem(patch, 409, 'not_scheduled', 'updateEmail');
    expect((await request(platform.url).get(`/emails/${res.body.id}`).set(auth(t.key))).body.status).toBe('canceled');
  });

  it('when a reschedule asks for a time in the past, too far, or anything but scheduledAt, then 400 and the time is kept', async () => {
    const at = inMs(60_000);
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), scheduledAt: at })
      .expect(202);
    for (const body of [{ scheduledAt: inMs(-1000) }, { scheduledAt: inMs(31 * DAY_MS) }, {}, { scheduledAt: at, subject: 'new' }]) {
      expectProblem(
        await request(platform.url).patch(`/emails/${res.body.id}`).set(auth(t.key)).send(body),
        400,
        'validation_failed',
        'updateEmail',
      );
    }
    expect((await request(platform.url).get(`/emails/${res.body.id}`).set(auth(t.key))).body).toMatchObject({
      status: 'scheduled',
      scheduledAt: at,
    });
  });

  it('when the email does not exist, then 404', async () => {
    const missing = 'msg_00000000000000000000000000';
    expectProblem(
      await request(platform.url)
        .patch(`/emails/${missing}`)
        .set(auth(t.key))
        .send({ scheduledAt: inMs(60_000) }),
      404,
      'not_found',
      'updateEmail',
    );
    expectProblem(await request(platform.url).post(`/emails/${missing}/cancel`).set(auth(t.key)), 404, 'not_found', 'cancelEmail');
  });
});

import request from 'supertest';
import { newEnvelope } from '@mailplane/runtime';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, waitForStatus } from '../../../test/support/mail';
import type { TestPlatform } from '../../../test/support/platform';
import { withBodiesOnDisk, startPlatformOn, travellingClock } from '../../../test/support/travelling-platform';

const clock = travellingClock();
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatformOn(clock, {
    SEND_RATE_LIMIT: '1000',
    DEFAULT_MONTHLY_QUOTA: '2',
    // the MTA defers the live message at each attempt; it stays deferred for the whole test
    RETRY_SCHEDULE: '1h,1h,1h,1h,1h,1h,1h,1h',
    RETENTION_PURGE_MS: '50',
    BODY_RETENTION_DAYS: '30',
    BODY_RETENTION_DAYS_BY_PLAN: 'growth=60',
    MESSAGE_RETENTION_DAYS: '396',
  });
});
afterAll(() => platform.stop());

const hasBody = async (id: string) => (await withBodiesOnDisk(platform.dataDir, (b) => b.get(id))) !== null;
const statusOf = async (key: string, id: string) => (await request(platform.url).get(`/emails/${id}`).set(auth(key))).status;
/** The ids GET /emails lists for a tenant (all of them: a test's tenant has a handful). */
const listed = async (key: string): Promise<string[]> => {
  const res = await request(platform.url).get('/emails').query({ limit: 100 }).set(auth(key));
  expectContract(res, 'listEmails');
  expect(res.status).toBe(200);
  return res.body.data.map((m: { id: string }) => m.id);
};

// What billing publishes when a tenant's plan changes.
const announcePlan = (tenantId: string, plan: string) =>
  platform.gateway.deps.broker.publish(
    newEnvelope('event', 'entitlement.changed', clock.now(), {
      tenantId,
      correlationId: `sub_${tenantId}`,
      data: { revision: 1, plan, monthlyEmailQuota: 1000, status: 'active', hasSubscription: true, effectiveAt: clock.now().toISOString() },
    }),
  );

describe('retention', () => {
  it('when time passes, then final messages lose their body after their plan’s period and their record after the longer one; a live message keeps both', async () => {
    const send = (t: { key: string; domain: string }, subject: string) =>
      request(platform.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to: 'r@example.org', subject, text: `body of ${subject}` });
    const free = await tenantWithDomain(platform);
    const sent = (await send(free, 'sent').expect(202)).body.id;
    await waitForStatus(platform.url, free.key, sent, 'sent');
    const growth = await tenantWithDomain(platform);
    const beforePlan = (await send(growth, 'before the plan').expect(202)).body.id;
    const quotaUsedUp = (await send(growth, 'quota used up').expect(202)).body.id;
    await announcePlan(growth.tenantId, 'growth');
    // The default quota of 2 is used up: the first send admitted is the first under the plan.
    let afterPlan = '';
    await eventually(async () => {
      const res = await send(growth, 'under the plan');
      afterPlan = res.body.id;
      return res.status === 202;
    }, 'the growth plan to reach mail');
    for (const id of [beforePlan, afterPlan]) await waitForStatus(platform.url, growth.key, id, 'sent');
    // Last send of the test: every later attempt is this message's retry after a jump in time.
    platform.sandbox.sink.behaviour.failNext(10, { code: 451, message: 'Try again later' });
    const live = (await send(free, 'live').expect(202)).body.id;
    await waitForStatus(platform.url, free.key, live, 'deferred');
    for (const id of [sent, live, beforePlan, afterPlan]) expect(await hasBody(id)).toBe(true);
    // What a crash between a body's write and its record's insert leaves: a body no message names.
    await withBodiesOnDisk(platform.dataDir, (b) => b.put('msg_orphaned_by_a_crash', Buffer.from('{}')));

    clock.travelDays(31);
    await eventually(async () => !(await hasBody(sent)) && !(await hasBody(beforePlan)), 'bodies past 30 days to be purged', 10_000);
    await eventually(async () => !(await hasBody('msg_orphaned_by_a_crash')), 'the orphaned body to be swept', 10_000);
    expect(await hasBody(live)).toBe(true);
    expect(await hasBody(afterPlan)).toBe(true);
    expect(await statusOf(free.key, sent)).toBe(200);
    expect((await listed(free.key)).sort()).toEqual([sent, live].sort());
    expect((await listed(growth.key)).sort()).toEqual([beforePlan, quotaUsedUp, afterPlan].sort());

    clock.travelDays(30);
    await eventually(async () => !(await hasBody(afterPlan)), 'the growth plan’s body to be purged after 60 days', 10_000);

    clock.travelDays(336);
    // Past 396 days the lists answer without the final messages: only the live one is left.
    await eventually(async () => (await listed(free.key)).join() === live, 'records past 396 days to be purged', 10_000);
    await eventually(async () => (await listed(growth.key)).length === 0, 'every final record past 396 days to be purged', 10_000);
    await waitForStatus(platform.url, free.key, live, 'deferred');
    expect(await hasBody(live)).toBe(true);
  }, 60_000);
});

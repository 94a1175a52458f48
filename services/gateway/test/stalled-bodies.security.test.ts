import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { holdBodies, postHead, type Attack } from './support/stalled';

// A line of 6 places per service, small body budgets, and bodies given a minute: the attackers hold throughout.
const SMALL = {
  FORWARD_MAX_IN_FLIGHT: '2',
  FORWARD_MAX_WAITING: '4',
  BODY_READS_PUBLIC: '4',
  BODY_READS_PER_TENANT: '4',
  BODY_TIMEOUT_MS: '60000',
};
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('stalled bodies never take the places other tenants need', () => {
  let platform: TestPlatform;
  let innocent: Awaited<ReturnType<typeof tenantWithDomain>>;
  const attacks: Attack[] = [];
  beforeAll(async () => {
    platform = await startTestPlatform(SMALL);
    innocent = await tenantWithDomain(platform);
  });
  afterEach(() => attacks.splice(0).forEach((a) => a.stop()));
  afterAll(() => platform.stop());

  const attack = (n: number, head: (i: number) => string) => {
    const a = holdBodies(platform.url, n, head);
    attacks.push(a);
    return a;
  };
  const sendsOfTheInnocent = async (n: number) => {
    const answers = [];
    for (let i = 0; i < n; i++) {
      answers.push(await sendEmail(platform, innocent, { to: `r${i}@example.org`, subject: 'still here' }));
    }
    return answers;
  };

  it('when strangers hold more stalled bodies on a public route than a line has places, then another tenant sends 202 while they hold, and strangers beyond their budget are refused from the headers', async () => {
    const strangers = attack(10, () => postHead('/unsubscribe', 100, FORM));
    await strangers.decided;

    for (const res of await sendsOfTheInnocent(5)) {
      expect(res.status).toBe(202);
      expectContract(res, 'sendEmail');
    }
    expect(strangers.held()).toBe(4);
    const refused = strangers.connections.filter((c) => c.status !== null);
    expect(refused.map((c) => c.status)).toEqual([503, 503, 503, 503, 503, 503]);
  });

  it("when a tenant holds more stalled bodies on its own POST /emails than a line has places, then another tenant sends 202 while they hold, and the tenant's excess is refused from the headers", async () => {
    const hostile = await platform.newTenant('hostile');
    const bodies = attack(10, () =>
      postHead('/emails', 1000, { 'Content-Type': 'application/json', Authorization: `Bearer ${hostile.key}` }),
    );
    await bodies.decided;

    for (const res of await sendsOfTheInnocent(5)) expect(res.status).toBe(202);
    expect(bodies.held()).toBe(4);
    expect(bodies.connections.filter((c) => c.status === 503)).toHaveLength(6);
  });

  it('when strangers and a tenant stall bodies together and their budgets are full, then a third tenant still sends 202 and /healthz answers', async () => {
    const hostile = await platform.newTenant('hostile too');
    const strangers = attack(20, () => postHead('/unsubscribe', 100, FORM));
    const bodies = attack(20, () =>
      postHead('/emails', 1000, { 'Content-Type': 'application/json', Authorization: `Bearer ${hostile.key}` }),
    );
    await Promise.all([strangers.decided, bodies.decided]);

    for (const res of await sendsOfTheInnocent(3)) expect(res.status).toBe(202);
    await request(platform.url).get('/healthz').expect(200);
    expect(strangers.held() + bodies.held()).toBe(8);
  });
});

describe('slow bodies and stalled headers are cut off, never waited for', () => {
  let platform: TestPlatform;
  let innocent: Awaited<ReturnType<typeof tenantWithDomain>>;
  beforeAll(async () => {
    // A body has a second, then must come at 1,000 bytes/s; headers have a second.
    platform = await startTestPlatform({
      BODY_TIMEOUT_MS: '1000',
      BODY_MIN_BYTES_PER_SECOND: '1000',
      HEADERS_TIMEOUT_MS: '1000',
      KEEP_ALIVE_TIMEOUT_MS: '500',
    });
    innocent = await tenantWithDomain(platform);
  });
  afterAll(() => platform.stop());

  const send = () => sendEmail(platform, innocent, { subject: 'meanwhile' });

  it('when a body drips slower than the minimum rate, then it is answered 400 body_timeout (a status POST /emails declares) and its connection closed, and another tenant sends 202 meanwhile', async () => {
    const hostile = await platform.newTenant('dripping');
    const drips = holdBodies(platform.url, 5, () =>
      postHead('/emails', 5000, { 'Content-Type': 'application/json', Authorization: `Bearer ${hostile.key}` }),
    );
    await drips.decided;
    // A byte every 100 ms: 10 bytes/s, a hundredth of the minimum; 5,000 bytes would take eight minutes.
    const dripping = setInterval(() => drips.drip(' '), 100);
    try {
      expect((await send()).status).toBe(202);
      expect(drips.held()).toBe(5);
      await drips.allClosed;
    } finally {
      clearInterval(dripping);
      drips.stop();
    }
    expect(drips.connections.map((c) => c.status)).toEqual([400, 400, 400, 400, 400]);
  });

  it.each([
    ['a request stops in the middle of its headers', 'POST /emails HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl'],
    ['a connection is opened and nothing is sent on it', ''],
  ])('when %s, then it is answered 408 request_timeout and closed, and another tenant sends 202 meanwhile', async (_case, bytes) => {
    const stalled = holdBodies(platform.url, 3, () => bytes);
    try {
      expect((await send()).status).toBe(202);
      await stalled.allClosed;
    } finally {
      stalled.stop();
    }
    expect(stalled.connections.map((c) => c.status)).toEqual([408, 408, 408]);
  });

  it('when a keep-alive connection idles after its answer, then it is closed after KEEP_ALIVE_TIMEOUT_MS, not the 5 s default', async () => {
    const idle = holdBodies(platform.url, 1, () => 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await idle.decided;
    const answered = Date.now();
    await idle.allClosed;
    expect(idle.connections[0].status).toBe(200);
    expect(Date.now() - answered).toBeLessThan(4000);
  });
});

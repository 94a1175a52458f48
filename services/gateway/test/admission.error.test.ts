import request from 'supertest';
import { json } from '@mailplane/runtime';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { requestFrom } from '../../../test/support/from-address';
import { createTenant } from '../src';
import { startLoneGateway, type LoneGateway } from './support/lone-gateway';

const send = { from: 'a@example.test', to: 'r@example.org', subject: 'burst', text: 'x' };

describe('admission: shed before any work, never a queue that outlives deadlines', () => {
  let lone: LoneGateway;
  beforeAll(async () => {
    // One tenant alone may take the whole line here: what is tested is the line's own bound.
    lone = await startLoneGateway({
      RPC_TIMEOUT_MS: '5000',
      FORWARD_MAX_IN_FLIGHT: '2',
      FORWARD_MAX_WAITING: '2',
      FORWARD_MAX_PER_TENANT: '4',
      FORWARD_MAX_WAIT_MS: '3000',
    });
  });
  afterAll(() => lone.stop());

  it('when more sends come than the mail service may take, then the rest get 503 service_busy with Retry-After at once and /healthz still answers', async () => {
    let served = 0;
    let answerAll = () => {};
    const held = new Promise<void>((resolve) => (answerAll = resolve));
    const mail = await lone.broker.serve(
      'rpc.mail',
      async () => {
        served++;
        await held;
        return { ...json({ id: `msg_${served}`, status: 'queued', kind: 'standard', createdAt: new Date().toISOString() }, 202) };
      },
      { prefetch: 10 },
    );
    // Every service answers its pings, as a busy platform's would; only mail's requests are held.
    const pings = await Promise.all(
      ['billing', 'mail', 'webhooks'].map((s) => lone.broker.serve(`rpc.${s}.health`, async () => json({ status: 'up' }))),
    );
    try {
      // The gateway pings in the background, once a second: mail is up once a ping of this test came back.
      await eventually(async () => (await request(lone.gateway.url).get('/healthz')).body.services.mail === 'up', 'mail to be up');
      const post = () => request(lone.gateway.url).post('/emails').set('Authorization', `Bearer ${lone.key}`).send(send);
      // Places are taken as bodies arrive, so which four get one is not fixed: the other six are refused at once.
      const answers: request.Response[] = [];
      const pending = Array.from({ length: 10 }, () => post().then((res) => (answers.push(res), res)));
      await eventually(() => answers.length === 6, 'six refusals', 2000);
      for (const res of answers) {
        expectProblem(res, 503, 'service_busy', 'sendEmail');
        expect(res.headers['retry-after']).toBe('1');
      }
      const started = Date.now();
      const health = await request(lone.gateway.url).get('/healthz');
      expect(Date.now() - started).toBeLessThan(1000);
      expectContract(health, 'health');
      expect(health.body.services.mail).toBe('up');
      expect(served).toBe(2);
      answerAll();
      expect((await Promise.all(pending)).filter((res) => res.status === 202)).toHaveLength(4);
    } finally {
      answerAll();
      await mail.cancel();
      for (const ping of pings) await ping.cancel();
    }
  });

  it('when a request waits for a slot longer than allowed, then 503 service_busy and it was never forwarded', async () => {
    const seen: string[] = [];
    let answerAll = () => {};
    let firstArrived = () => {};
    const held = new Promise<void>((resolve) => (answerAll = resolve));
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    const quick = await startLoneGateway({
      FORWARD_MAX_IN_FLIGHT: '1',
      FORWARD_MAX_WAITING: '1',
      FORWARD_MAX_PER_TENANT: '2',
      FORWARD_MAX_WAIT_MS: '100',
      RPC_TIMEOUT_MS: '5000',
    });
    const mail = await quick.broker.serve('rpc.mail', async (payload) => {
      seen.push((payload as { requestId: string }).requestId);
      firstArrived();
      await held;
      return json({ data: [], total: 0, limit: 20, offset: 0 });
    });
    try {
      const get = (id: string) =>
        request(quick.gateway.url).get('/emails').set('Authorization', `Bearer ${quick.key}`).set('X-Request-Id', id);
      const first = get('first').then((res) => res);
      await arrived;
      const second = await get('second');
      expectProblem(second, 503, 'service_busy', 'listEmails');
      expect(seen).toEqual(['first']);
      answerAll();
      expect((await first).status).toBe(200);
    } finally {
      answerAll();
      await mail.cancel();
      await quick.stop();
    }
  });

  describe('shares of a line', () => {
    let shared: LoneGateway;
    let release = () => {};
    let held: Promise<void>;
    const arrived: string[] = [];
    beforeAll(async () => {
      // A line of 8 places for mail, 4 of them in flight: requests without credentials may hold 2 places (one
      // address all of them here, but for the last test), each tenant 3; beyond its share of the slots (1 and 2) a
      // caller takes idle ones only while one stays free.
      shared = await startLoneGateway({
        FORWARD_MAX_IN_FLIGHT: '4',
        FORWARD_MAX_WAITING: '4',
        FORWARD_MAX_PUBLIC: '2',
        FORWARD_MAX_PUBLIC_PER_SOURCE: '2',
        FORWARD_MAX_PER_TENANT: '3',
        FORWARD_MAX_WAIT_MS: '10000',
        RPC_TIMEOUT_MS: '10000',
      });
    });
    beforeEach(() => {
      held = new Promise<void>((resolve) => (release = resolve));
      arrived.length = 0;
    });
    afterEach(() => release());
    afterAll(() => shared.stop());

    /** Plays mail: holds the requests `hold` picks until the test releases them, answers the others at once. */
    const playMail = (hold: (p: { operationId: string; tenantId: string | null }) => boolean) =>
      shared.broker.serve(
        'rpc.mail',
        async (payload) => {
          const p = payload as { operationId: string; tenantId: string | null };
          arrived.push(p.tenantId ?? 'public');
          if (hold(p)) await held;
          return p.operationId === 'unsubscribe'
            ? json({ unsubscribed: true, email: 'r@example.org' })
            : json({ data: [], total: 0, limit: 20, offset: 0 });
        },
        { prefetch: 20 },
      );
    const unsubscribe = () =>
      request(shared.gateway.url)
        .post('/unsubscribe')
        .type('form')
        .send({ token: 'x'.repeat(40) });
    const list = (key: string) => request(shared.gateway.url).get('/emails').set('Authorization', `Bearer ${key}`);

    it('when requests without credentials hold their share of a line, then the next one is 503 service_busy and a tenant is still served', async () => {
      const mail = await playMail((p) => p.tenantId === null);
      try {
        const holding = [unsubscribe().then((r) => r), unsubscribe().then((r) => r)];
        await eventually(() => arrived.length === 2, 'two unsubscribes to reach mail');
        expectProblem(await unsubscribe(), 503, 'service_busy', 'unsubscribe');
        expect((await list(shared.key)).status).toBe(200);
        release();
        for (const res of await Promise.all(holding)) expect(res.status).toBe(200);
      } finally {
        await mail.cancel();
      }
    });

    it("when a tenant holds its share of a line, then its next request is 503 service_busy and another tenant's is served", async () => {
      const hog = await createTenant(shared.gateway.deps, { name: 'hog' });
      const mail = await playMail((p) => p.tenantId === hog.tenantId);
      try {
        // All three are handed to mail (two within the hog's share of the slots, one idle slot beyond it) and held.
        const holding = [1, 2, 3].map(() => list(hog.apiKey.key).then((r) => r));
        await eventually(() => arrived.length === 3, "the hog's three requests to reach mail");
        expectProblem(await list(hog.apiKey.key), 503, 'service_busy', 'listEmails');
        expect((await list(shared.key)).status).toBe(200);
        release();
        for (const res of await Promise.all(holding)) expect(res.status).toBe(200);
      } finally {
        await mail.cancel();
      }
    });

    it("when one address holds the places of strangers it may, then its next unsubscribe is 503 service_busy and another address's is served", async () => {
      const one = await startLoneGateway({ FORWARD_MAX_PUBLIC: '4', FORWARD_MAX_PUBLIC_PER_SOURCE: '2', RPC_TIMEOUT_MS: '10000' });
      let arrivals = 0;
      let free = () => {};
      const freed = new Promise<void>((resolve) => (free = resolve));
      const mail = await one.broker.serve(
        'rpc.mail',
        async () => {
          arrivals++;
          await freed;
          return json({ unsubscribed: true, email: 'r@example.org' });
        },
        { prefetch: 20 },
      );
      const from = (address: string) =>
        requestFrom(one.gateway.url, address, {
          method: 'POST',
          path: '/unsubscribe',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `token=${'x'.repeat(40)}`,
        });
      try {
        const holding = [from('127.0.0.2'), from('127.0.0.2')];
        await eventually(() => arrivals === 2, "the first address's two unsubscribes to reach mail");
        expect((await from('127.0.0.2')).status).toBe(503);
        const other = from('127.0.0.3');
        await eventually(() => arrivals === 3, "another address's unsubscribe to reach mail");
        free();
        expect((await other).status).toBe(200);
        for (const res of await Promise.all(holding)) expect(res.status).toBe(200);
      } finally {
        free();
        await mail.cancel();
        await one.stop();
      }
    });
  });
});

import request from 'supertest';
import { json } from '@mailplane/runtime';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { startLoneGateway, type LoneGateway } from './support/lone-gateway';

const send = { from: 'a@example.test', to: 'r@example.org', subject: 'burst', text: 'x' };

describe('admission: shed before any work, never a queue that outlives deadlines', () => {
  let lone: LoneGateway;
  beforeAll(async () => {
    lone = await startLoneGateway({
      RPC_TIMEOUT_MS: '5000',
      FORWARD_MAX_IN_FLIGHT: '2',
      FORWARD_MAX_WAITING: '2',
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
      const post = () => request(lone.gateway.url).post('/emails').set('Authorization', `Bearer ${lone.key}`).send(send);
      const pending = Array.from({ length: 10 }, () => post().then((res) => res));
      const refused = await Promise.race([Promise.all(pending.slice(4)), new Promise((r) => setTimeout(r, 2000, 'hung'))]);
      expect(refused).not.toBe('hung');
      for (const res of refused as request.Response[]) {
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
      for (const res of await Promise.all(pending.slice(0, 4))) expect(res.status).toBe(202);
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
});

import request from 'supertest';
import { json } from '@mailplane/runtime';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { startLoneGateway, type LoneGateway } from './support/lone-gateway';

let lone: LoneGateway;
beforeAll(async () => {
  lone = await startLoneGateway();
});
afterAll(() => lone.stop());

describe('forwarding to services', () => {
  it('when the owning service is down, then 504 problem within the deadline', async () => {
    const started = Date.now();
    const res = await request(lone.gateway.url).get('/emails').set('Authorization', `Bearer ${lone.key}`);
    expectProblem(res, 504, 'service_timeout', 'listEmails');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('when the service answers after the deadline, then the caller already has a 504 and the late answer is dropped', async () => {
    let answerNow = () => {};
    const callerAnswered = new Promise<void>((resolve) => (answerNow = resolve));
    const slow = await lone.broker.serve('rpc.billing', async () => {
      await callerAnswered;
      return json({ late: true });
    });
    try {
      const res = await request(lone.gateway.url).get('/billing/state').set('Authorization', `Bearer ${lone.key}`);
      expectProblem(res, 504, 'service_timeout', 'getBillingState');
    } finally {
      answerNow();
      await slow.cancel();
    }
  });

  it('when services are down, then /healthz reports them down', async () => {
    const res = await request(lone.gateway.url).get('/healthz');
    expect(res.status).toBe(200);
    expectContract(res, 'health');
    expect(res.body).toEqual({ status: 'degraded', services: { billing: 'down', mail: 'down', webhooks: 'down' } });
  });
});

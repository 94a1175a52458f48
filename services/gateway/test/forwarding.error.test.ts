import request from 'supertest';
import { json } from '@mailplane/runtime';
import { healthQueueOf, RPC_QUEUES } from '@mailplane/contracts';
import { eventually } from '../../../test/support/eventually';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { sharedLoneGateway } from './support/lone-gateway';

const lone = sharedLoneGateway();

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

  it('when a service stops answering pings, then /healthz keeps answering at once from the last pings, and calls it down after three missed', async () => {
    let hang = false;
    const never = new Promise<never>(() => {});
    const pings = await lone.broker.serve(healthQueueOf(RPC_QUEUES.mail), async () => (hang ? never : json({ pong: true })));
    const health = () => request(lone.gateway.url).get('/healthz');
    try {
      await eventually(async () => (await health()).body.services.mail === 'up', 'mail up');
      hang = true;
      const started = Date.now();
      const res = await health();
      expect(Date.now() - started).toBeLessThan(500);
      expect(res.body.services.mail).toBe('up');
      await eventually(async () => (await health()).body.services.mail === 'down', 'mail down', 8000);
    } finally {
      await pings.cancel();
    }
  });
});

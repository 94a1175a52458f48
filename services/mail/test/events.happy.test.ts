import request from 'supertest';
import { ack } from '@mailplane/broker';
import { validateMessage, type Envelope } from '@mailplane/contracts';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
});
afterAll(() => platform.stop());

describe('status events', () => {
  it('when a message is deferred and then sent, then email.queued, email.deferred and email.sent are published in the contract envelope, in order', async () => {
    const seen: Envelope[] = [];
    const waiters: Array<() => void> = [];
    const sub = await platform.gateway.deps.broker.consume(
      `test.events.${Date.now()}`,
      async (event) => {
        seen.push(event);
        waiters.forEach((w) => w());
        return ack();
      },
      { prefetch: 10, bindings: ['email.*'] },
    );
    try {
      const t = await tenantWithDomain(platform);
      platform.sandbox.sink.behaviour.failNext(1, { code: 421, message: 'busy' });
      const res = await request(platform.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'events', text: 'x' });
      const mine = () => seen.filter((e) => (e.data as { messageId: string }).messageId === res.body.id);
      await new Promise<void>((resolve) => {
        const check = () => mine().some((e) => e.type === 'email.sent') && resolve();
        waiters.push(check);
        check();
      });
      expect(mine().map((e) => e.type)).toEqual(['email.queued', 'email.deferred', 'email.sent']);
      for (const event of mine()) {
        expect(validateMessage(event)).toEqual([]);
        expect(event.tenantId).toBe(t.tenantId);
      }
      expect(new Set(mine().map((e) => e.id)).size).toBe(3);
    } finally {
      await sub.cancel();
    }
  });
});

import { ack } from '@mailplane/broker';
import { validateMessage, type Envelope } from '@mailplane/contracts';
import { tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

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
      const res = await sendEmail(platform, t, { subject: 'events' });
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

import { createServer, type Server } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver } from '../../../test/support/webhook-receiver';
import { startWebhooksWorker } from './support/worker';

describe('where webhook deliveries go', () => {
  it('when an https endpoint points at a loopback address outside the sandbox, then nothing connects to it', async () => {
    const strict = await startWebhooksWorker({ WEBHOOK_SANDBOX: 'false', WEBHOOK_RETRY_SCHEDULE: '50ms' });
    let connections = 0;
    const listener: Server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as { port: number }).port;
    try {
      const endpoints = [
        await strict.endpoint('ten_strict', `https://127.0.0.1:${port}/hooks`),
        await strict.endpoint('ten_strict', `https://localhost:${port}/hooks`),
      ];
      const eventId = await strict.publish('ten_strict');
      for (const endpoint of endpoints) {
        const delivery = await strict.settled('ten_strict', eventId, endpoint.id);
        expect(delivery.status).toBe('failed');
        for (const attempt of delivery.attempts)
          expect(attempt).toMatchObject({ statusCode: null, error: expect.stringMatching(/private/) });
      }
      expect(connections).toBe(0);
    } finally {
      listener.close();
      await strict.stop();
    }
  });

  it("when another tenant's event is published, then an endpoint receives nothing of it, and its secret verifies none of theirs", async () => {
    const worker = await startWebhooksWorker();
    const mine = await startWebhookReceiver();
    const theirs = await startWebhookReceiver();
    try {
      const own = await worker.endpoint('ten_mine', mine.url);
      const other = await worker.endpoint('ten_theirs', theirs.url);
      const eventId = await worker.publish('ten_theirs');
      expect((await worker.settled('ten_theirs', eventId, other.id)).status).toBe('succeeded');
      expect(await worker.deps.deliveries.byKey('ten_mine', `${eventId}:${own.id}`)).toBeNull();
      expect(mine.received).toHaveLength(0);
      const [hook] = theirs.received;
      expect(() => new Webhook(own.secret).verify(hook.body, hook.headers as Record<string, string>)).toThrow();
    } finally {
      await mine.stop();
      await theirs.stop();
      await worker.stop();
    }
  });
});

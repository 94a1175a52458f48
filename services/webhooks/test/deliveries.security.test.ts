import { createServer as createHttpServer } from 'node:http';
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
          expect(attempt).toMatchObject({ statusCode: null, error: expect.stringMatching(/no public address/) });
      }
      expect(connections).toBe(0);
    } finally {
      listener.close();
      await strict.stop();
    }
  });

  it('when one host does not resolve and another resolves to a private address, then the delivery log tells them apart in nothing', async () => {
    const strict = await startWebhooksWorker({ WEBHOOK_SANDBOX: 'false', WEBHOOK_RETRY_SCHEDULE: '50ms' });
    try {
      const unknown = await strict.endpoint('ten_probe', 'https://no-such-host.invalid/hooks');
      const internal = await strict.endpoint('ten_probe', 'https://localhost/hooks');
      const eventId = await strict.publish('ten_probe');
      const errors = async (endpointId: string) =>
        (await strict.settled('ten_probe', eventId, endpointId)).attempts.map((a) => [a.statusCode, a.error]);
      const seen = await errors(internal.id);
      expect(seen).toHaveLength(2);
      expect(await errors(unknown.id)).toEqual(seen);
    } finally {
      await strict.stop();
    }
  });

  it('when HTTP_PROXY and HTTPS_PROXY name a proxy, then deliveries go straight to the endpoint and the proxy sees nothing', async () => {
    let proxied = 0;
    const proxy = createHttpServer((req, res) => {
      proxied++;
      res.writeHead(200).end();
    });
    proxy.on('connect', (_req, socket) => {
      proxied++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const saved = { ...process.env };
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    Object.assign(process.env, { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, http_proxy: proxyUrl, https_proxy: proxyUrl });
    for (const name of ['NO_PROXY', 'no_proxy']) delete process.env[name];
    const worker = await startWebhooksWorker();
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await worker.endpoint('ten_proxied', receiver.url);
      const eventId = await worker.publish('ten_proxied');
      expect((await worker.settled('ten_proxied', eventId, endpoint.id)).status).toBe('succeeded');
      expect(receiver.received).toHaveLength(1);
      expect(proxied).toBe(0);
    } finally {
      process.env = saved;
      await receiver.stop();
      await worker.stop();
      proxy.close();
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

import { startWebhookReceiver } from '../../../test/support/webhook-receiver';
import { startWebhooksWorker } from './support/worker';

it('burst', async () => {
  const worker = await startWebhooksWorker({ WEBHOOK_ENDPOINT_LIMITS: 'free:100' });
  const receiver = await startWebhookReceiver();
  const e = await worker.endpoint('ten_burst', receiver.url);
  const t0 = Date.now();
  for (let i = 0; i < 100; i++) await worker.publish('ten_burst');
  const t1 = Date.now();
  await receiver.waitFor(100, 120_000);
  console.log('BURST publish', t1 - t0, 'drained', Date.now() - t0);
  const list = await worker.deps.deliveries.list('ten_burst', e.id, {}, { limit: 100, offset: 0 });
  const d = list.map((x) => x.attempts[0]?.durationMs ?? -1);
  const lag = list.map((x) => (x.attempts[0]?.at.getTime() ?? 0) - x.createdAt.getTime());
  console.log(
    'HTTP avg',
    d.reduce((a, b) => a + b, 0) / d.length,
    'max',
    Math.max(...d),
    'start lag avg',
    lag.reduce((a, b) => a + b, 0) / lag.length,
  );
  await receiver.stop();
  await worker.stop();
}, 180_000);

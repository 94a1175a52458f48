import { startWebhookReceiver } from '../../../test/support/webhook-receiver';
import { startWebhooksWorker } from './support/worker';

it('burst', async () => {
  const worker = await startWebhooksWorker({ WEBHOOK_ENDPOINT_LIMITS: 'free:100' });
  const receiver = await startWebhookReceiver();
  await worker.endpoint('ten_burst', receiver.url);
  const t0 = Date.now();
  for (let i = 0; i < 400; i++) await worker.publish('ten_burst');
  const t1 = Date.now();
  await receiver.waitFor(400, 120_000);
  console.log('BURST publish', t1 - t0, 'drained', Date.now() - t0);
  await receiver.stop();
  await worker.stop();
}, 180_000);

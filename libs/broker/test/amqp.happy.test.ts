import { describeWithRabbit } from '../../../test/support/env';
import { ack, createAmqpBroker } from '../src';
import { collect, deferred, envelope, unique, waitFor } from './helpers';
import { brokerContract } from './contract';
import { amqpRestartTests } from './amqp-restart';

describeWithRabbit('amqp broker', (url) => {
  brokerContract('amqp', ({ retryBaseMs }) => createAmqpBroker({ url, retry: { baseMs: retryBaseMs }, settleMs: 200 }));

  it('when a consumer is cancelled while its handler runs, then the handler settles the message before the channel closes and nobody gets it again', async () => {
    const broker = await createAmqpBroker({ url });
    try {
      const queue = unique('settle');
      const finishing = deferred();
      const started: string[] = [];
      const first = await broker.consume(queue, async (m) => (started.push(m.id), await finishing.promise, ack()), { prefetch: 1 });
      const message = envelope('test.settle');
      await broker.send(queue, message);
      await waitFor(() => started.length === 1, 'the handler to start');
      const cancelled = first.cancel();
      finishing.resolve();
      await cancelled;
      const marker = envelope('test.settle');
      await broker.send(queue, marker);
      const next = await collect(broker, queue, { prefetch: 5 });
      await waitFor(() => next.received.length === 1, 'the marker');
      expect(next.received.map((r) => r.message.id)).toEqual([marker.id]);
    } finally {
      await broker.close();
    }
  });
  amqpRestartTests(url);
});

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

  it('when a server has just started beside a warm one, then it holds at most two requests until its slow start ends, then its full prefetch; alone, its full prefetch at once', async () => {
    const warm = await createAmqpBroker({ url });
    const fresh = await createAmqpBroker({ url, slowStartMs: 3000 });
    try {
      const queue = unique('slow-start');
      let release = deferred();
      const held = { warm: 0, fresh: 0 };
      const holding = (who: keyof typeof held) => async () => (held[who]++, await release.promise, who);
      await warm.serve(queue, holding('warm'), { prefetch: 8 });
      await fresh.serve(queue, holding('fresh'), { prefetch: 8 });
      const sendEight = () => Array.from({ length: 8 }, () => warm.request(queue, null, { timeoutMs: 20_000 }));
      const first = sendEight();
      await waitFor(() => held.warm + held.fresh === 8, 'both servers to take their part');
      expect(held).toEqual({ warm: 6, fresh: 2 });
      release.resolve();
      await Promise.all(first);

      // Sixteen held: the warm one takes eight, the fresh one two until its slow start ends, then eight.
      release = deferred();
      held.warm = held.fresh = 0;
      const second = [...sendEight(), ...sendEight()];
      await waitFor(() => held.fresh === 8 && held.warm === 8, 'the fresh server at its full prefetch', 10_000);
      release.resolve();
      await Promise.all(second);

      // A server with no peer on its queue: nobody would take the rest, so all eight at once.
      const later = deferred();
      let heldAlone = 0;
      const alone = await fresh.serve(`${queue}-alone`, async () => (heldAlone++, await later.promise), { prefetch: 8 });
      const sent = Array.from({ length: 8 }, () => warm.request(`${queue}-alone`, null, { timeoutMs: 20_000 }));
      await waitFor(() => heldAlone === 8, 'all eight held at once', 2000);
      later.resolve();
      await Promise.all(sent);
      await alone.cancel();
    } finally {
      await fresh.close();
      await warm.close();
    }
  });

  amqpRestartTests(url);
});

import { ack } from '../src';
import { collect, deferred, envelope, unique, waitFor, type ContractContext } from './helpers';

/** FIFO, prefetch, waiting for consumers, cancel, delayed send, no shared objects. */
export function deliveryContract(ctx: ContractContext): void {
  describe('delivery', () => {
    it('delivers the messages of a queue in the order they were sent', async () => {
      const queue = unique('fifo');
      const sent = Array.from({ length: 20 }, (_, i) => envelope('test.fifo', { i }));
      for (const message of sent) await ctx.broker.send(queue, message);
      const { received } = await collect(ctx.broker, queue, { prefetch: 1 });
      await waitFor(() => received.length === 20, '20 deliveries');
      expect(received.map((r) => r.message.id)).toEqual(sent.map((m) => m.id));
      expect(received.every((r) => r.delivery.attempt === 1 && !r.delivery.redelivered)).toBe(true);
    });

    it('never has more unacked messages in flight than the prefetch', async () => {
      const queue = unique('prefetch');
      const waiting: Array<() => void> = [];
      let inFlight = 0;
      let peak = 0;
      let done = 0;
      await ctx.broker.consume(
        queue,
        async () => {
          peak = Math.max(peak, ++inFlight);
          await new Promise<void>((release) => waiting.push(release));
          inFlight--;
          done++;
          return ack();
        },
        { prefetch: 3 },
      );
      for (let i = 0; i < 10; i++) await ctx.broker.send(queue, envelope('test.prefetch', { i }));
      for (let released = 0; released < 10; released++) {
        await waitFor(() => waiting.length >= Math.min(3, 10 - released), 'a full prefetch window');
        expect(inFlight).toBeLessThanOrEqual(3);
        waiting.shift()?.();
      }
      await waitFor(() => done === 10, 'all 10 handled');
      expect(peak).toBe(3);
    });

    it('keeps messages sent before any consumer until one appears, with headers', async () => {
      const queue = unique('late');
      const first = envelope('test.late');
      const second = envelope('test.late');
      await ctx.broker.send(queue, first, { headers: { 'x-request-id': 'req_1' } });
      await ctx.broker.send(queue, second);
      const { received } = await collect(ctx.broker, queue, { prefetch: 5 });
      await waitFor(() => received.length === 2, 'both waiting messages');
      expect(received.map((r) => r.message)).toEqual([first, second]);
      expect(received[0].delivery.headers).toEqual({ 'x-request-id': 'req_1' });
    });

    it('when a subscription is cancelled, then its unacked messages go to the next consumer as redelivered', async () => {
      const queue = unique('cancel');
      const stuck = deferred();
      const firstSeen: string[] = [];
      const first = await ctx.broker.consume(
        queue,
        async (message) => {
          firstSeen.push(message.id);
          await stuck.promise;
          return ack();
        },
        { prefetch: 2 },
      );
      const sent = [envelope('test.cancel'), envelope('test.cancel'), envelope('test.cancel')];
      for (const message of sent) await ctx.broker.send(queue, message);
      await waitFor(() => firstSeen.length === 2, 'the first consumer to fill its prefetch');
      await first.cancel();
      const { received } = await collect(ctx.broker, queue, { prefetch: 5 });
      await waitFor(() => received.length === 3, 'all three at the second consumer');
      stuck.resolve();
      const byId = new Map(received.map((r) => [r.message.id, r.delivery]));
      for (const id of firstSeen) expect(byId.get(id)).toMatchObject({ redelivered: true, attempt: 2 });
      expect(byId.get(sent[2].id)).toMatchObject({ redelivered: false, attempt: 1 });
    });

    it('does not redeliver an acked message', async () => {
      const queue = unique('acked');
      const { received, subscription } = await collect(ctx.broker, queue, { prefetch: 1 });
      await ctx.broker.send(queue, envelope('test.acked'));
      await waitFor(() => received.length === 1, 'the first message');
      await subscription.cancel();
      const marker = envelope('test.acked');
      await ctx.broker.send(queue, marker);
      const next = await collect(ctx.broker, queue, { prefetch: 1 });
      await waitFor(() => next.received.length === 1, 'the marker');
      expect(next.received[0].message.id).toBe(marker.id);
    });

    it('holds a delayed send back for its delay, while later sends pass it', async () => {
      const queue = unique('delayed');
      const { received } = await collect(ctx.broker, queue, { prefetch: 5 });
      const sentAt = Date.now();
      await ctx.broker.send(queue, envelope('test.delayed', { late: true }), { delayMs: 400 });
      await ctx.broker.send(queue, envelope('test.delayed', { late: false }));
      await waitFor(() => received.length === 2, 'both messages');
      expect(received.map((r) => r.message.data)).toEqual([{ late: false }, { late: true }]);
      expect(received[1].at - sentAt).toBeGreaterThanOrEqual(390);
    });

    it('hands consumers copies: nobody shares objects with the publisher or another delivery', async () => {
      const queue = unique('copies');
      const message = envelope('test.copies', { list: [1] });
      const { received } = await collect(ctx.broker, queue, { prefetch: 1 }, (m) => {
        (m.data as { list: number[] }).list.push(2);
        return ack();
      });
      await ctx.broker.send(queue, message);
      (message.data as { list: number[] }).list.push(99);
      await waitFor(() => received.length === 1, 'the delivery');
      expect(received[0].message).not.toBe(message);
      expect(message.data).toEqual({ list: [1, 99] });
      expect(received[0].message.data).toEqual({ list: [1, 2] });
    });
  });
}

import { ack, deadLetter, retry, type Outcome } from '../src';
import { collect, envelope, RETRY_BASE_MS, unique, waitFor, type ContractContext } from './helpers';

/** What happens after a handler answered retry, dead-letter, or threw. */
export function outcomeContract(ctx: ContractContext): void {
  describe('outcomes', () => {
    it('when the handler asks for a retry, then the message comes back after the delay with the next attempt number', async () => {
      const queue = unique('retry');
      const { received } = await collect(ctx.broker, queue, { prefetch: 1 }, (_m, delivery) =>
        delivery.attempt < 3 ? retry(delivery.attempt === 1 ? 300 : 0) : ack(),
      );
      const message = envelope('test.retry', { n: 1 });
      await ctx.broker.send(queue, message, { headers: { 'x-request-id': 'req_retry' } });
      await waitFor(() => received.length === 3, 'three attempts');
      expect(received.map((r) => r.delivery.attempt)).toEqual([1, 2, 3]);
      expect(received.every((r) => r.message.id === message.id && !r.delivery.redelivered)).toBe(true);
      expect(received[2].delivery.headers).toEqual({ 'x-request-id': 'req_retry' });
      expect(received[1].at - received[0].at).toBeGreaterThanOrEqual(290);
      expect(await ctx.broker.deadLetters(queue)).toEqual([]);
    });

    if (ctx.deadLettersFailures)
      it('when the handler keeps throwing, then it is retried with growing backoff up to maxAttempts and dead-lettered', async () => {
        const queue = unique('throws');
        const { received } = await collect(ctx.broker, queue, { prefetch: 1, maxAttempts: 3 }, () => {
          throw new Error('handler bug');
        });
        const message = envelope('test.throws');
        await ctx.broker.send(queue, message);
        await waitFor(async () => (await ctx.broker.deadLetters(queue)).length === 1, 'the dead letter');
        expect(received.map((r) => r.delivery.attempt)).toEqual([1, 2, 3]);
        expect(received[1].at - received[0].at).toBeGreaterThanOrEqual(RETRY_BASE_MS - 5);
        expect(received[2].at - received[1].at).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS - 5);
        expect(await ctx.broker.deadLetters(queue)).toEqual([message]);
      });
    else
      it('when the handler keeps throwing past maxAttempts, then it is retried on until it succeeds and never dead-lettered', async () => {
        const queue = unique('throws-on');
        const { received } = await collect(ctx.broker, queue, { prefetch: 1, maxAttempts: 2 }, (_m, delivery) => {
          if (delivery.attempt < 4) throw new Error('store away');
          return ack();
        });
        await ctx.broker.send(queue, envelope('test.throws-on'));
        await waitFor(() => received.length === 4, 'the fourth try');
        expect(received.map((r) => r.delivery.attempt)).toEqual([1, 2, 3, 4]);
        expect(received[3].at - received[2].at).toBeGreaterThanOrEqual(4 * RETRY_BASE_MS - 5);
        expect(await ctx.broker.deadLetters(queue)).toEqual([]);
      });

    it('when a handler throws once, then the retry succeeds and nothing is dead-lettered', async () => {
      const queue = unique('flaky');
      const { received } = await collect(ctx.broker, queue, { prefetch: 1 }, (_m, delivery) => {
        if (delivery.attempt === 1) throw new Error('transient');
        return ack();
      });
      await ctx.broker.send(queue, envelope('test.flaky'));
      await waitFor(() => received.length === 2, 'the retry');
      expect(received[1].delivery.attempt).toBe(2);
      expect(await ctx.broker.deadLetters(queue)).toEqual([]);
    });

    it('when the handler resolves without an outcome, then that counts as a failure, not as an ack', async () => {
      const queue = unique('no-outcome');
      const { received } = await collect(ctx.broker, queue, { prefetch: 1, maxAttempts: 2 }, () => undefined as unknown as Outcome);
      const message = envelope('test.no-outcome');
      await ctx.broker.send(queue, message);
      await waitFor(() => received.length >= 2, 'the second try');
      if (ctx.deadLettersFailures) {
        await waitFor(async () => (await ctx.broker.deadLetters(queue)).length === 1, 'the dead letter');
        expect(received.map((r) => r.delivery.attempt)).toEqual([1, 2]);
      } else expect(received.slice(0, 2).map((r) => r.delivery.attempt)).toEqual([1, 2]);
    });

    it('when the handler dead-letters, then the message lands in <queue>.dead at once, oldest first, and is not redelivered', async () => {
      const queue = unique('poison');
      const first = envelope('test.poison', { n: 1 });
      const second = envelope('test.poison', { n: 2 });
      const { received } = await collect(ctx.broker, queue, { prefetch: 1 }, () => deadLetter('unparseable'));
      await ctx.broker.send(queue, first);
      await ctx.broker.send(queue, second);
      await waitFor(async () => (await ctx.broker.deadLetters(queue)).length === 2, 'two dead letters');
      expect(await ctx.broker.deadLetters(queue)).toEqual([first, second]);
      // Reading dead letters does not consume them.
      expect(await ctx.broker.deadLetters(queue)).toEqual([first, second]);
      expect(received.map((r) => r.delivery.attempt)).toEqual([1, 1]);
    });
  });
}

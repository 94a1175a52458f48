import { UnroutableError } from '../src';
import { collect, envelope, unique, waitFor, type ContractContext } from './helpers';

/** The events exchange: AMQP topic patterns, bindings that outlive consumers. */
export function topicContract(ctx: ContractContext): void {
  describe('topic routing', () => {
    it('routes by type: * matches one word, # zero or more, and each queue gets a match once', async () => {
      // A fresh first word keeps these bindings from catching other tests' events on a shared broker.
      const p = unique('evt');
      const done = `${p}.done`;
      const star = await collect(ctx.broker, unique('star'), { prefetch: 10, bindings: [`${p}.email.*`, done] });
      const hash = await collect(ctx.broker, unique('hash'), { prefetch: 10, bindings: [`${p}.#`, `${p}.email.#`] });
      const middle = await collect(ctx.broker, unique('mid'), { prefetch: 10, bindings: [`${p}.*.bounced`, done] });
      for (const type of [
        `${p}.email.sent`,
        `${p}.email.sent.late`,
        p,
        `${p}.sms.bounced`,
        `${p}.email.bounced`,
        'other.email.sent',
        done,
      ]) {
        await ctx.broker.publish(envelope(type));
      }
      const types = (r: typeof star) => r.received.map((x) => x.message.type).filter((t) => t !== done);
      await waitFor(() => [star, hash, middle].every((c) => c.received.some((x) => x.message.type === done)), 'the done event everywhere');
      expect(types(star)).toEqual([`${p}.email.sent`, `${p}.email.bounced`]);
      expect(types(hash)).toEqual([`${p}.email.sent`, `${p}.email.sent.late`, p, `${p}.sms.bounced`, `${p}.email.bounced`]);
      expect(types(middle)).toEqual([`${p}.sms.bounced`, `${p}.email.bounced`]);
    });

    it('keeps a bound queue collecting events after its consumer left, for the next consumer', async () => {
      const p = unique('evt');
      const queue = unique('durable');
      const first = await collect(ctx.broker, queue, { prefetch: 1, bindings: [`${p}.*`] });
      await first.subscription.cancel();
      const event = envelope(`${p}.created`, { kept: true });
      await ctx.broker.publish(event, { headers: { 'x-request-id': 'req_evt' } });
      const second = await collect(ctx.broker, queue, { prefetch: 1 });
      await waitFor(() => second.received.length === 1, 'the event published while nobody consumed');
      expect(second.received[0].message).toEqual(event);
      expect(second.received[0].delivery.headers).toEqual({ 'x-request-id': 'req_evt' });
      expect(first.received).toEqual([]);
    });

    it('when a mandatory event has no queue bound to its type, then the publish is refused, and once one is bound it is delivered', async () => {
      const p = unique('evt');
      const record = envelope(`${p}.recorded`);
      await expect(ctx.broker.publish(record, { mandatory: true })).rejects.toBeInstanceOf(UnroutableError);
      // Not mandatory, the same event nobody wants is dropped without a word.
      await ctx.broker.publish(record);
      const bound = await collect(ctx.broker, unique('kept'), { prefetch: 1, bindings: [`${p}.recorded`] });
      await ctx.broker.publish(record, { mandatory: true });
      await waitFor(() => bound.received.length === 1, 'the mandatory event');
      expect(bound.received[0].message).toEqual(record);
    });
  });
}

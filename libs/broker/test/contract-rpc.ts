import { BrokerUnavailableError, RpcRemoteError, RpcTimeoutError } from '../src';
import { envelope, rejection, unique, waitFor, type ContractContext } from './helpers';

/** Request/reply: answers, deadlines, remote failures, many at once. */
export function rpcContract(ctx: ContractContext): void {
  describe('rpc', () => {
    it('returns the answer of the serving handler, which sees the correlation id and deadline', async () => {
      const queue = unique('rpc');
      const seen: Array<{ correlationId: string; deadline: number }> = [];
      await ctx.broker.serve(queue, async (request, meta) => {
        seen.push(meta);
        return { doubled: (request as { n: number }).n * 2, nothing: null };
      });
      const before = Date.now();
      const answer = await ctx.broker.request(queue, { n: 21 }, { timeoutMs: 3000, correlationId: 'req_abc' });
      expect(answer).toEqual({ doubled: 42, nothing: null });
      expect(seen).toHaveLength(1);
      expect(seen[0].correlationId).toBe('req_abc');
      expect(seen[0].deadline).toBeGreaterThanOrEqual(before + 3000);
      expect(seen[0].deadline).toBeLessThanOrEqual(Date.now() + 3000);
    });

    it('when nobody answers in time, then the request fails with RpcTimeoutError at its deadline', async () => {
      const silent = unique('rpc-silent');
      await ctx.broker.serve(silent, () => new Promise(() => undefined));
      const started = Date.now();
      const err = await rejection(ctx.broker.request(silent, {}, { timeoutMs: 300 }));
      expect(err).toBeInstanceOf(RpcTimeoutError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(Date.now() - started).toBeLessThan(2000);

      const unserved = await rejection(ctx.broker.request(unique('rpc-nobody'), {}, { timeoutMs: 200 }));
      expect(unserved).toBeInstanceOf(RpcTimeoutError);
    });

    it('when the serving handler throws, then the requester gets RpcRemoteError with its message and code', async () => {
      const queue = unique('rpc-throws');
      await ctx.broker.serve(queue, async () => {
        throw Object.assign(new Error('plan not found'), { code: 'plan_not_found' });
      });
      const err = await rejection(ctx.broker.request(queue, {}, { timeoutMs: 3000 }));
      expect(err).toBeInstanceOf(RpcRemoteError);
      expect(err.message).toBe('plan not found');
      expect((err as RpcRemoteError).code).toBe('plan_not_found');
    });

    it('answers many concurrent requests, each with its own reply, across several servers', async () => {
      const queue = unique('rpc-many');
      const handler = async (request: unknown) => {
        await new Promise((r) => setTimeout(r, Math.random() * 20));
        return { echo: request };
      };
      await ctx.broker.serve(queue, handler, { prefetch: 10 });
      await ctx.broker.serve(queue, handler, { prefetch: 10 });
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => ctx.broker.request(queue, { i }, { timeoutMs: 5000, correlationId: 'req_same' })),
      );
      expect(answers).toEqual(Array.from({ length: 100 }, (_, i) => ({ echo: { i } })));
    });

    it('when the broker is closed, then waiting requests fail at once and later sends reject', async () => {
      const queue = unique('rpc-closing');
      let held = false;
      await ctx.broker.serve(queue, () => {
        held = true;
        return new Promise(() => undefined);
      });
      const failure = rejection(ctx.broker.request(queue, {}, { timeoutMs: 20_000 }));
      await waitFor(() => held, 'the server to hold the request');
      expect(ctx.broker.connected()).toBe(true);
      const closedAt = Date.now();
      await ctx.broker.close();
      expect(ctx.broker.connected()).toBe(false);
      expect(await failure).toBeInstanceOf(BrokerUnavailableError);
      expect(Date.now() - closedAt).toBeLessThan(2000);
      expect(await rejection(ctx.broker.send(unique('after-close'), envelope('test.closed')))).toBeInstanceOf(BrokerUnavailableError);
    });

    it('when a server is cancelled, then another one answers', async () => {
      const queue = unique('rpc-swap');
      const old = await ctx.broker.serve(queue, async () => 'old');
      expect(await ctx.broker.request(queue, null, { timeoutMs: 3000 })).toBe('old');
      await old.cancel();
      await ctx.broker.serve(queue, async () => 'new');
      expect(await ctx.broker.request(queue, null, { timeoutMs: 3000 })).toBe('new');
    });
  });
}

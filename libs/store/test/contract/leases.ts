import { leaseOn, type Store } from '../../src';
import type { ContractContext } from './context';

const times = <R>(n: number, fn: (i: number) => Promise<R>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

export function leaseTests(ctx: ContractContext): void {
  describe('job leases', () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const now = () => new Date(clock);
    const lease = (store: Store, job: string, holder: string) => leaseOn(store, job, { holder, ttlMs: 10_000, now });

    it('when many holders ask for a free lease at once, then exactly one gets it, and it keeps it while it renews', async () => {
      const job = ctx.collectionName('job');
      const won = await times(12, (i) => lease(ctx.store(), job, `h${i}`).acquire());
      expect(won.filter(Boolean)).toHaveLength(1);
      const holder = `h${won.indexOf(true)}`;
      clock += 9_000;
      expect(await lease(ctx.store(), job, holder).acquire()).toBe(true);
      clock += 9_000;
      expect(await lease(ctx.store(), job, 'other').acquire()).toBe(false);
    });

    it('when the holder stops renewing, then another holder gets the lease once its time has run out, not before', async () => {
      const job = ctx.collectionName('job');
      expect(await lease(ctx.store(), job, 'a').acquire()).toBe(true);
      clock += 9_999;
      expect(await lease(ctx.store(), job, 'b').acquire()).toBe(false);
      clock += 1;
      expect(await lease(ctx.store(), job, 'b').acquire()).toBe(true);
      expect(await lease(ctx.store(), job, 'a').acquire()).toBe(false);
    });

    it('when the holder releases the lease, then another holder gets it at once; a release by a non-holder changes nothing', async () => {
      const job = ctx.collectionName('job');
      expect(await lease(ctx.store(), job, 'a').acquire()).toBe(true);
      await lease(ctx.store(), job, 'b').release();
      expect(await lease(ctx.store(), job, 'b').acquire()).toBe(false);
      await lease(ctx.store(), job, 'a').release();
      expect(await lease(ctx.store(), job, 'b').acquire()).toBe(true);
    });

    it('when the holder keeps state with the lease, then the next holder reads it, and a holder that lost the lease cannot overwrite it', async () => {
      const job = ctx.collectionName('job');
      const [a, b] = [leaseOn<{ cursor: string }>(ctx.store(), job, { holder: 'a', ttlMs: 10_000, now }), lease(ctx.store(), job, 'b')];
      expect(await a.state()).toBeUndefined();
      expect(await a.acquire()).toBe(true);
      expect(await a.keep({ cursor: 'k100' })).toBe(true);
      clock += 10_000;
      expect(await b.acquire()).toBe(true);
      expect(await b.state()).toEqual({ cursor: 'k100' });
      expect(await a.keep({ cursor: 'k050' })).toBe(false);
      expect(await b.keep({ cursor: 'k200' })).toBe(true);
      expect(await a.state()).toEqual({ cursor: 'k200' });
    });

    it('when holders on two connections race for an expired lease, then exactly one takes it each round', async () => {
      const other = await ctx.makeStore();
      try {
        const job = ctx.collectionName('job');
        for (let round = 0; round < 20; round++) {
          clock += 10_000;
          const won = await Promise.all([lease(ctx.store(), job, `a${round}`).acquire(), lease(other, job, `b${round}`).acquire()]);
          expect(won.filter(Boolean)).toHaveLength(1);
        }
      } finally {
        await other.close();
      }
    });
  });
}

import type { Doc } from '../../src';
import type { ContractContext } from './context';

interface Job extends Doc {
  status: 'queued' | 'sending' | 'held';
  createdAt: Date;
  worker?: number;
}

type Counter = Doc & { n?: number; version?: number };

const times = <R>(n: number, fn: (i: number) => Promise<R>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

export function concurrencyTests(ctx: ContractContext): void {
  const fresh = <T extends Doc>() => ctx.store().collection<T>(ctx.collectionName('concurrent'));

  describe('concurrent callers', () => {
    it('$inc from 50 concurrent callers adds up exactly', async () => {
      const c = fresh<Counter>();
      await c.insertOne({ _id: 'hits', n: 0 });
      await times(50, () => c.updateOne({ _id: 'hits' }, { $inc: { n: 1 } }));
      expect(await c.findOne({ _id: 'hits' })).toEqual({ _id: 'hits', n: 50 });
    });

    it('a lease claimed with findOneAndUpdate goes to exactly one of many workers', async () => {
      const jobs = fresh<Job>();
      const start = Date.now();
      for (let i = 0; i < 20; i++) await jobs.insertOne({ _id: `job${i}`, status: 'queued', createdAt: new Date(start + i) });
      await jobs.insertOne({ _id: 'held', status: 'held', createdAt: new Date(start) });

      const claims = await times(30, (worker) =>
        jobs.findOneAndUpdate({ status: 'queued' }, { $set: { status: 'sending', worker } }, { sort: { createdAt: 1, _id: 1 } }),
      );

      const won = claims.filter((j): j is Job => j !== null);
      expect(won).toHaveLength(20);
      expect(new Set(won.map((j) => j._id)).size).toBe(20);
      for (const [worker, job] of claims.entries()) if (job) expect(job).toMatchObject({ status: 'sending', worker });
      expect(await jobs.count({ status: 'queued' })).toBe(0);
      expect(await jobs.count({ status: 'sending' })).toBe(20);
      expect(await jobs.findOne({ _id: 'held' })).toMatchObject({ status: 'held' });
    });

    it('of concurrent compare-and-set updates on one version, exactly one wins', async () => {
      const c = fresh<Counter>();
      await c.insertOne({ _id: 'doc', version: 1 });
      const results = await times(10, (i) => c.updateOne({ _id: 'doc', version: 1 }, { $set: { version: 2, n: i } }));
      expect(results.filter((r) => r.matched === 1)).toHaveLength(1);
    });

    it('concurrent upserts of one _id insert it once and apply every update', async () => {
      const c = fresh<Counter>();
      const results = await times(20, () => c.updateOne({ _id: 'daily' }, { $inc: { n: 1 } }, { upsert: true }));
      expect(results.filter((r) => r.upserted)).toHaveLength(1);
      expect(await c.find({})).toEqual([{ _id: 'daily', n: 20 }]);
    });
  });
}

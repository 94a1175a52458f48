import type { Doc } from '../../src';
import type { ContractContext } from './context';

interface Msg extends Doc {
  tenantId: string;
  status?: string;
  n: number;
}

export function countTests(ctx: ContractContext): void {
  describe('count with a count index', () => {
    it('stays exact through inserts, updates that change the keys, upserts and deletes', async () => {
      const c = ctx.store().collection<Msg>(ctx.collectionName('counted'));
      await c.insertMany([
        { _id: 'a', tenantId: 't1', status: 'sent', n: 1 },
        { _id: 'b', tenantId: 't1', status: 'failed', n: 2 },
      ]);
      await c.createIndex({ tenantId: 1, status: 1 }, { counts: true });
      await c.createIndex({ tenantId: 1, status: 1 }, { counts: true });
      await c.insertOne({ _id: 'c', tenantId: 't1', status: 'sent', n: 3 });
      await c.insertOne({ _id: 'd', tenantId: 't2', n: 4 });
      await c.updateOne({ _id: 'b' }, { $set: { status: 'sent' } });
      await c.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
      await c.updateOne({ _id: 'e', tenantId: 't2' }, { $set: { status: 'queued', n: 5 } }, { upsert: true });
      await c.findOneAndUpdate({ _id: 'd' }, { $set: { status: 'queued' } });
      await c.deleteOne({ _id: 'c' });
      const counts = await Promise.all(
        [{}, { tenantId: 't1' }, { tenantId: 't1', status: 'sent' }, { status: 'queued' }, { tenantId: 't2', status: 'sent' }].map((f) =>
          c.count(f),
        ),
      );
      expect(counts).toEqual([4, 2, 2, 2, 0]);
      expect(await c.count({ tenantId: 't1', n: { $gt: 1 } })).toBe(2);
      await c.deleteMany({ tenantId: 't1' });
      expect(await c.count({ tenantId: 't1' })).toBe(0);
      expect(await c.count({})).toBe(2);
    });
  });
}

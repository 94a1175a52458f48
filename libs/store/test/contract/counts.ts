import type { Doc } from '../../src';
import type { ContractContext } from './context';

interface Msg extends Doc {
  tenantId: string;
  status?: string;
  n: number;
  at?: Date | string | number | null;
}

const day = (d: number, h = 0) => new Date(Date.UTC(2026, 0, d, h));

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

  describe('count with a covering index', () => {
    it('counts ranges and equalities over its keys exactly through every kind of write, as without one', async () => {
      const covered = ctx.store().collection<Msg>(ctx.collectionName('covered'));
      const plain = ctx.store().collection<Msg>(ctx.collectionName('uncovered'));
      const both = async (write: (c: typeof covered) => Promise<unknown>) => {
        await write(covered);
        await write(plain);
      };
      await both((c) =>
        c.insertMany([
          { _id: 'a', tenantId: 't1', n: 1, at: day(1) },
          { _id: 'b', tenantId: 't1', n: 2, at: day(2, 12) },
        ]),
      );
      // Created over stored documents (they are counted), and again as every start does.
      await covered.createIndex({ tenantId: 1, at: -1 }, { covering: true });
      await covered.createIndex({ tenantId: 1, at: -1 }, { covering: true });
      await both((c) => c.insertOne({ _id: 'c', tenantId: 't1', n: 3, at: day(3) }));
      await both((c) => c.insertOne({ _id: 'd', tenantId: 't2', n: 4, at: day(2) }));
      // Fields of other types, a string that reads like a stored Date, and a missing one never fall in a Date range.
      await both((c) =>
        c.insertMany([
          { _id: 'e', tenantId: 't1', n: 5, at: '2026-01-02' },
          { _id: 'f', tenantId: 't1', n: 6, at: 7 },
          { _id: 'g', tenantId: 't1', n: 7 },
          { _id: 'i', tenantId: 't3', n: 9, at: '\u0001D2026-01-02T00:00:00.000Z' },
        ]),
      );
      await both((c) => c.updateOne({ _id: 'a' }, { $set: { at: day(2, 6) } }));
      await both((c) => c.updateOne({ _id: 'c' }, { $inc: { n: 1 } }));
      await both((c) => c.findOneAndUpdate({ tenantId: 't2' }, { $set: { tenantId: 't1' } }, { sort: { at: -1 } }));
      await both((c) => c.updateOne({ _id: 'h', tenantId: 't2' }, { $set: { at: day(2, 1), n: 8 } }, { upsert: true }));
      await both((c) => c.updateMany({ _id: { $in: ['b', 'h'] } }, { $set: { 'x.y': 1 }, $unset: { at: '' } }));
      await both((c) => c.updateOne({ _id: 'h' }, { $set: { at: day(2, 2) } }));
      await both((c) => c.deleteOne({ _id: 'e' }));
      const filters = [
        {},
        { tenantId: 't1' },
        { tenantId: 't1', at: { $gte: day(2), $lt: day(3) } },
        { tenantId: { $in: ['t1', 't2'] }, at: { $gte: day(2), $lt: day(3) } },
        { at: { $gt: day(1) } },
        { at: { $lte: day(3) } },
        { at: null },
        { tenantId: 't1', at: { $ne: null } },
        { tenantId: 't2', at: { $gte: day(1) } },
        { at: { $gte: 5 } },
      ];
      const counts = (c: typeof covered) => Promise.all(filters.map((f) => c.count(f)));
      const expected = await counts(plain);
      expect(expected).toEqual([8, 6, 2, 3, 4, 4, 2, 4, 1, 1]);
      expect(await counts(covered)).toEqual(expected);
      expect(await covered.count({ tenantId: 't1', at: { $gte: day(1) } }, { limit: 1 })).toBe(1);
      // Pages past the first, which read the skipped rows from the covering index, are the pages without one
      // (sorted Dates only: engines order values of different types differently).
      const pages = (c: typeof covered) =>
        Promise.all(
          [
            { at: { $gte: day(1) } },
            { tenantId: 't1', at: { $lt: day(4) } },
            { tenantId: { $in: ['t1', 't2'] }, at: { $gte: day(2) } },
          ].flatMap((f) =>
            [1, 2, 5].map(async (skip) => (await c.find(f, { sort: { at: -1, _id: -1 }, skip, limit: 2 })).map((d) => d._id)),
          ),
        );
      const expectedPages = await pages(plain);
      expect(expectedPages.slice(0, 3)).toEqual([['a', 'h'], ['h', 'd'], []]);
      expect(await pages(covered)).toEqual(expectedPages);
      await both((c) => c.deleteMany({ tenantId: 't1' }));
      expect(await counts(covered)).toEqual(await counts(plain));
    });
  });
}

import type { Doc, Update } from '../../src';
import type { ContractContext } from './context';

type Loose = Doc & Record<string, unknown>;

export function updateTests(ctx: ContractContext): void {
  const fresh = () => ctx.store().collection<Loose>(ctx.collectionName('updates'));

  describe('updates', () => {
    it('applies $set (dotted), $unset, $inc and $push together', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'm1', note: 'x', counters: { sent: 1 }, tags: ['a'] });
      const r = await c.updateOne(
        { _id: 'm1' },
        {
          $set: { 'profile.name': 'N' },
          $unset: { note: '' },
          $inc: { 'counters.sent': 2, 'counters.failed': 1 },
          $push: { tags: 'b', log: 'first' },
        },
      );
      expect(r).toEqual({ matched: 1, upserted: false });
      expect(await c.findOne({ _id: 'm1' })).toEqual({
        _id: 'm1',
        counters: { sent: 3, failed: 1 },
        tags: ['a', 'b'],
        log: ['first'],
        profile: { name: 'N' },
      });
    });

    it('refuses $inc on a field that holds no number, and changes nothing', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'i1', n: 'five', m: 1 });
      await expect(c.updateOne({ _id: 'i1' }, { $inc: { n: 1 }, $set: { m: 2 } })).rejects.toThrow(/\$inc on a non-number/);
      expect(await c.findOne({ _id: 'i1' })).toEqual({ _id: 'i1', n: 'five', m: 1 });
      expect(await c.findOneAndUpdate({ _id: 'i1' }, { $inc: { m: 2 } }, { durability: 'with-next-write' })).toEqual({
        _id: 'i1',
        n: 'five',
        m: 3,
      });
    });

    it('$push appends to an array, makes one where the field is missing, takes $each, and refuses a non-array changing nothing', async () => {
      const c = fresh();
      const at = new Date('2024-02-03T04:05:06Z');
      await c.insertOne({ _id: 'p1', attempts: [{ n: 1 }], note: 'text' });
      await c.updateOne({ _id: 'p1' }, { $push: { attempts: { n: 2, at, codes: [250] } }, $set: { status: 'sent' } });
      await c.updateOne({ _id: 'p1' }, { $push: { log: { $each: ['a', 'b'] } } });
      expect(await c.findOne({ _id: 'p1' })).toEqual({
        _id: 'p1',
        attempts: [{ n: 1 }, { n: 2, at, codes: [250] }],
        note: 'text',
        status: 'sent',
        log: ['a', 'b'],
      });
      expect(await c.find({ 'attempts.codes': 250 })).toHaveLength(1);
      await expect(c.updateOne({ _id: 'p1' }, { $push: { note: 'x' }, $set: { status: 'changed' } })).rejects.toThrow(
        /\$push onto a non-array/,
      );
      expect((await c.findOne({ _id: 'p1' }))?.status).toBe('sent');
    });

    it('updateOne is a compare-and-set: matched 0 when the condition no longer holds', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'k1', version: 1 });
      expect(await c.updateOne({ _id: 'k1', version: 1 }, { $set: { version: 2 } })).toEqual({ matched: 1, upserted: false });
      expect(await c.updateOne({ _id: 'k1', version: 1 }, { $set: { version: 3 } })).toEqual({ matched: 0, upserted: false });
      expect(await c.findOne({ _id: 'k1' })).toEqual({ _id: 'k1', version: 2 });
    });

    it('upsert inserts the filter equalities with $set and $setOnInsert, then later only applies $set', async () => {
      const c = fresh();
      const created = new Date('2024-01-01T00:00:00Z');
      const update = (name: string, createdAt: Date): Update => ({ $set: { name }, $setOnInsert: { createdAt, 'meta.origin': 'api' } });
      expect(await c.updateOne({ _id: 'u1', tenantId: 't1' }, update('A', created), { upsert: true })).toEqual({
        matched: 0,
        upserted: true,
      });
      expect(await c.updateOne({ _id: 'u1', tenantId: 't1' }, update('B', new Date()), { upsert: true })).toEqual({
        matched: 1,
        upserted: false,
      });
      expect(await c.findOne({ _id: 'u1' })).toEqual({ _id: 'u1', tenantId: 't1', name: 'B', createdAt: created, meta: { origin: 'api' } });
    });

    it('upsert takes the _id from $setOnInsert and builds dotted filter fields as subdocuments', async () => {
      const c = fresh();
      const once = () =>
        c.updateOne({ 'owner.email': 'o@example.com', kind: 'k' }, { $setOnInsert: { _id: 'u2' }, $inc: { n: 1 } }, { upsert: true });
      expect(await once()).toEqual({ matched: 0, upserted: true });
      expect(await once()).toEqual({ matched: 1, upserted: false });
      expect(await c.find({})).toEqual([{ _id: 'u2', owner: { email: 'o@example.com' }, kind: 'k', n: 2 }]);
    });

    it('refuses an upsert that names no _id, and an update without operators', async () => {
      const c = fresh();
      await expect(c.updateOne({ email: 'e@example.com' }, { $set: { n: 1 } }, { upsert: true })).rejects.toThrow(/_id/);
      await expect(c.findOneAndUpdate({ email: 'e@example.com' }, { $set: { n: 1 } }, { upsert: true })).rejects.toThrow(/_id/);
      await c.insertOne({ _id: 'r1', name: 'kept' });
      await expect(c.updateOne({ _id: 'r1' }, { name: 'replaced' } as Update)).rejects.toThrow(/operator/);
      expect(await c.findOne({ _id: 'r1' })).toEqual({ _id: 'r1', name: 'kept' });
      expect(await c.count({})).toBe(1);
    });

    it('findOneAndUpdate updates the first match by sort and returns it after the update', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'j1', status: 'queued', priority: 1, at: 1 });
      await c.insertOne({ _id: 'j2', status: 'queued', priority: 5, at: 2 });
      await c.insertOne({ _id: 'j3', status: 'queued', priority: 5, at: 1 });
      const claim = () =>
        c.findOneAndUpdate({ status: 'queued' }, { $set: { status: 'sending' }, $inc: { attempts: 1 } }, { sort: { priority: -1, at: 1 } });
      expect(await claim()).toEqual({ _id: 'j3', status: 'sending', priority: 5, at: 1, attempts: 1 });
      expect((await claim())?._id).toBe('j2');
      expect((await claim())?._id).toBe('j1');
      expect(await claim()).toBeNull();
    });

    it('findOneAndUpdate with upsert returns the inserted document', async () => {
      const c = fresh();
      const doc = await c.findOneAndUpdate({ _id: 'f1' }, { $set: { a: 1 }, $setOnInsert: { b: 2 } }, { upsert: true });
      expect(doc).toEqual({ _id: 'f1', a: 1, b: 2 });
      expect(await c.findOneAndUpdate({ _id: 'f1' }, { $setOnInsert: { b: 3 } }, { upsert: true })).toEqual({ _id: 'f1', a: 1, b: 2 });
    });

    it('updateMany, deleteOne and deleteMany report how many documents they matched or removed', async () => {
      const c = fresh();
      for (const [i, group] of ['g', 'g', 'g', 'h'].entries()) await c.insertOne({ _id: `d${i}`, group });
      expect(await c.updateMany({ group: 'g' }, { $set: { seen: true } })).toBe(3);
      expect(await c.updateMany({ group: 'nope' }, { $set: { seen: true } })).toBe(0);
      expect(await c.count({ seen: true })).toBe(3);
      expect(await c.deleteOne({ group: 'g' })).toBe(1);
      expect(await c.deleteOne({ group: 'nope' })).toBe(0);
      expect(await c.deleteMany({ group: 'g' })).toBe(2);
      expect(await c.deleteMany({})).toBe(1);
      expect(await c.count({})).toBe(0);
    });
  });
}

import { type Doc, DuplicateKeyError } from '../../src';
import type { ContractContext } from './context';

interface Message extends Doc {
  at: Date;
  meta: { sentAt: Date; tags: string[] };
  history: Array<{ at: Date }>;
}

const message = (id: string): Message => ({
  _id: id,
  at: new Date('2025-03-04T05:06:07.089Z'),
  meta: { sentAt: new Date('2025-03-04T05:06:08.000Z'), tags: ['a'] },
  history: [{ at: new Date('2025-03-04T05:06:09.000Z') }],
});

export function lifecycleTests(ctx: ContractContext): void {
  describe('documents and persistence', () => {
    it('when the store is open, then ping answers (readiness)', async () => {
      await expect(ctx.store().ping()).resolves.toBeUndefined();
    });

    it('Dates come back as Date objects at the top level, nested and inside arrays', async () => {
      const c = ctx.store().collection<Message>(ctx.collectionName('dates'));
      await c.insertOne(message('m'));
      const back = await c.findOne({ _id: 'm' });
      expect(back?.at).toBeInstanceOf(Date);
      expect(back?.meta.sentAt).toBeInstanceOf(Date);
      expect(back?.history[0].at).toBeInstanceOf(Date);
      expect(back).toEqual(message('m'));
    });

    it('strings come back as written, also those that start with a control character or spell a Date', async () => {
      const c = ctx.store().collection<Doc & { texts: string[]; nested: { text: string } }>(ctx.collectionName('strings'));
      const texts = ['\u0001D2025-03-04T05:06:07.089Z', '\u0001S', '\u0001', '\\u0001', '2025-03-04T05:06:07.089Z', ''];
      await c.insertOne({ _id: 's', texts, nested: { text: '\u0001D2025-03-04T05:06:07.089Z' } });
      expect(await c.findOne({ _id: 's' })).toStrictEqual({ _id: 's', texts, nested: { text: '\u0001D2025-03-04T05:06:07.089Z' } });
      await c.updateOne({ _id: 's' }, { $push: { texts: '\u0001E' } });
      expect((await c.findOne({ _id: 's' }))?.texts).toStrictEqual([...texts, '\u0001E']);
    });

    it('returned documents are copies: changing them, or the inserted object, leaves the store alone', async () => {
      const c = ctx.store().collection<Message>(ctx.collectionName('copies'));
      const inserted = message('m');
      await c.insertOne(inserted);
      inserted.meta.tags.push('changed');
      inserted.at.setTime(0);
      const one = await c.findOne({ _id: 'm' });
      one?.meta.tags.push('changed');
      one?.at.setTime(0);
      const [listed] = await c.find({});
      listed.meta.tags.push('changed');
      const after = await c.findOneAndUpdate({ _id: 'm' }, { $push: { 'meta.tags': 'b' } });
      expect(after?.meta.tags).toEqual(['a', 'b']);
      after?.meta.tags.push('changed');
      expect((await c.findOne({ _id: 'm' }))?.meta).toEqual({ sentAt: message('m').meta.sentAt, tags: ['a', 'b'] });
      expect((await c.findOne({ _id: 'm' }))?.at).toEqual(message('m').at);

      const sentAt = new Date('2025-05-05T00:00:00Z');
      await c.updateOne({ _id: 'm' }, { $set: { 'meta.sentAt': sentAt } });
      sentAt.setTime(0);
      expect((await c.findOne({ _id: 'm' }))?.meta.sentAt).toEqual(new Date('2025-05-05T00:00:00Z'));
    });

    it('fields set to undefined are not stored', async () => {
      const c = ctx.store().collection<Doc & { a?: number; b?: number; c?: number }>(ctx.collectionName('undef'));
      await c.insertOne({ _id: 'u', a: 1, b: undefined });
      await c.updateOne({ _id: 'u' }, { $set: { a: undefined, c: 2 } });
      expect(await c.findOne({ _id: 'u' })).toStrictEqual({ _id: 'u', a: 1, c: 2 });
    });

    it('data and unique indexes survive closing the store and opening it again', async () => {
      const name = ctx.collectionName('durable');
      const first = await ctx.makeStore();
      const before = first.collection<Doc & { n: number; email: string }>(name);
      await before.createIndex({ email: 1 }, { unique: true });
      for (const n of [1, 2, 3]) await before.insertOne({ _id: `d${n}`, n, email: `${n}@example.com` });
      await before.updateOne({ _id: 'd2' }, { $inc: { n: 10 } });
      await before.deleteOne({ _id: 'd3' });
      await first.close();

      const second = await ctx.makeStore();
      const after = second.collection<Doc & { n: number; email: string }>(name);
      expect(await after.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'd1', n: 1, email: '1@example.com' },
        { _id: 'd2', n: 12, email: '2@example.com' },
      ]);
      await expect(after.insertOne({ _id: 'd4', n: 4, email: '1@example.com' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await second.close();
    });
  });
}

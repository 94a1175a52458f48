import { type Doc, DuplicateKeyError, type Filter } from '../../src';
import type { ContractContext } from './context';

interface Mail extends Doc {
  tenantId: string;
  subject: string;
  to: string;
  n: number;
}

const MAILS: Mail[] = [
  { _id: 'm1', tenantId: 't1', subject: 'Your invoice for March', to: 'alice@example.com', n: 1 },
  { _id: 'm2', tenantId: 't1', subject: 'Welcome aboard', to: 'Bob.Invoice@example.org', n: 2 },
  { _id: 'm3', tenantId: 't1', subject: 'Price: 5.00 (incl. "tax") [EUR]', to: 'carol@example.net', n: 3 },
  { _id: 'm4', tenantId: 't2', subject: 'INVOICE overdue', to: 'dave@example.com', n: 4 },
  { _id: 'm5', tenantId: 't1', subject: 'Été à Genève', to: 'eve@example.ch', n: 5 },
];

const contains = (text: string, paths = ['subject', 'to']): Filter => ({ $contains: { paths, text } });

const CASES: Array<[string, Filter, string[]]> = [
  ['a word in either field, ignoring case', contains('invoice'), ['m1', 'm2', 'm4']],
  ['one field only', contains('invoice', ['to']), ['m2']],
  ['with other conditions', { tenantId: 't1', ...contains('INVOICE') }, ['m1', 'm2']],
  ['two characters (below a trigram)', contains('ob'), ['m2']],
  ['one character', contains('@', ['subject']), []],
  ['regex and FTS syntax taken literally', contains('5.00 (incl. "tax") [eur]'), ['m3']],
  ['a dot is not a wildcard', contains('e.o'), ['m2']],
  ['accented letters, ignoring case', contains('ÉTÉ À'), ['m5']],
  ['empty text matches everything', { tenantId: 't2', ...contains('') }, ['m4']],
  ['inside $or', { $or: [contains('welcome'), { n: 4 }] }, ['m2', 'm4']],
  ['nothing', contains('refund'), []],
];

export function searchTests(ctx: ContractContext): void {
  describe('text search ($contains)', () => {
    const mails = () => ctx.store().collection<Mail>(ctx.collectionName('mails'));
    let indexed: ReturnType<typeof mails>;
    let plain: ReturnType<typeof mails>;
    let scoped: ReturnType<typeof mails>;
    const ids = (docs: Doc[]) => docs.map((d) => d._id).sort();

    beforeAll(async () => {
      indexed = mails();
      await indexed.insertOne(MAILS[0]);
      await indexed.createIndex({ subject: 1, to: 1 }, { text: true });
      await indexed.createIndex({ subject: 1, to: 1 }, { text: true });
      for (const m of MAILS.slice(1)) await indexed.insertOne(m);
      plain = mails();
      for (const m of MAILS) await plain.insertOne(m);
      scoped = mails();
      await scoped.createIndex({ subject: 1, to: 1 }, { text: true, within: ['tenantId'] });
      await scoped.insertMany(MAILS);
    });

    it.each(CASES)('finds and counts %s, with and without a text index', async (_label, filter, expected) => {
      for (const c of [indexed, plain, scoped]) {
        expect(ids(await c.find(filter))).toEqual(expected);
        expect(await c.count(filter)).toBe(expected.length);
        expect(await c.count(filter, { limit: 1 })).toBe(Math.min(1, expected.length));
      }
    });

    it('sorts and pages the matches', async () => {
      const page = await indexed.find(contains('example.c'), { sort: { n: -1 }, skip: 1, limit: 2 });
      expect(page.map((d) => d._id)).toEqual(['m4', 'm1']);
    });

    it('follows updates and deletes', async () => {
      const c = mails();
      await c.createIndex({ subject: 1, to: 1 }, { text: true });
      await c.insertOne({ _id: 'x', tenantId: 't', subject: 'first draft', to: 'x@example.com', n: 0 });
      await c.updateOne({ _id: 'x' }, { $set: { subject: 'final version' } });
      expect(await c.count(contains('draft'))).toBe(0);
      expect(await c.count(contains('final'))).toBe(1);
      await c.updateOne({ _id: 'x' }, { $inc: { n: 1 } });
      expect(await c.count(contains('final'))).toBe(1);
      await c.deleteOne({ _id: 'x' });
      expect(await c.count(contains('final'))).toBe(0);
    });

    it('refuses a malformed operand', async () => {
      await expect(indexed.find({ $contains: { text: 'x' } })).rejects.toThrow(/\$contains/);
      await expect(indexed.find({ $contains: { paths: [], text: 'x' } })).rejects.toThrow(/\$contains/);
      await expect(indexed.find({ $contains: { paths: ['subject'], text: 5 } })).rejects.toThrow(/\$contains/);
    });
  });

  describe('insertMany', () => {
    it('inserts every document of the batch', async () => {
      const c = ctx.store().collection<Mail>(ctx.collectionName('bulk'));
      await c.insertMany(MAILS);
      await c.insertMany([]);
      expect(await c.find({}, { sort: { n: 1 } })).toEqual(MAILS);
    });

    it('raises DuplicateKeyError for a duplicate in the batch or already stored', async () => {
      const c = ctx.store().collection<Mail>(ctx.collectionName('bulk'));
      await c.insertOne(MAILS[0]);
      await expect(c.insertMany([MAILS[1], MAILS[0]])).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(c.insertMany([MAILS[2], MAILS[2]])).rejects.toBeInstanceOf(DuplicateKeyError);
    });
  });
}

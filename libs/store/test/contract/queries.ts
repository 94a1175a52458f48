import type { Collection, Doc, Filter } from '../../src';
import type { ContractContext } from './context';

interface Person extends Doc {
  n: number;
  tag?: string | null;
  tags: string[];
  meta: { plan: string; seats?: number };
  email: string;
  at: Date;
}

const PEOPLE: Person[] = [
  {
    _id: 'a',
    n: 1,
    tag: 'x',
    tags: ['red', 'blue'],
    meta: { plan: 'pro', seats: 5 },
    email: 'Alice@Example.com',
    at: new Date('2024-01-01T00:00:00Z'),
  },
  { _id: 'b', n: 2, tag: 'y', tags: ['green'], meta: { plan: 'free' }, email: 'bob@example.com', at: new Date('2024-06-01T00:00:00Z') },
  { _id: 'c', n: 3, tags: [], meta: { plan: 'pro', seats: 1 }, email: 'carol@other.org', at: new Date('2025-01-01T00:00:00Z') },
  {
    _id: 'd',
    n: 4,
    tag: null,
    tags: ['red'],
    meta: { plan: 'team', seats: 10 },
    email: 'dave@example.com',
    at: new Date('2025-06-01T00:00:00Z'),
  },
];

const CASES: Array<[string, Filter, string[]]> = [
  ['equality', { tag: 'x' }, ['a']],
  ['equality on a dotted path', { 'meta.plan': 'pro' }, ['a', 'c']],
  ['equality against an array element', { tags: 'red' }, ['a', 'd']],
  ['$in', { tag: { $in: ['x', 'y'] } }, ['a', 'b']],
  ['$in against array elements', { tags: { $in: ['green', 'blue'] } }, ['a', 'b']],
  ['$nin (missing and null fields match)', { tag: { $nin: ['x'] } }, ['b', 'c', 'd']],
  ['$ne (missing and null fields match)', { tag: { $ne: 'x' } }, ['b', 'c', 'd']],
  ['$lt', { n: { $lt: 2 } }, ['a']],
  ['$lte', { n: { $lte: 2 } }, ['a', 'b']],
  ['$gt', { n: { $gt: 3 } }, ['d']],
  ['$gte', { n: { $gte: 3 } }, ['c', 'd']],
  ['a range', { n: { $gt: 1, $lt: 4 } }, ['b', 'c']],
  ['a range on a dotted path (missing never matches)', { 'meta.seats': { $gte: 5 } }, ['a', 'd']],
  ['a Date range', { at: { $gte: new Date('2024-06-01T00:00:00Z'), $lt: new Date('2025-06-01T00:00:00Z') } }, ['b', 'c']],
  ['Date equality', { at: new Date('2024-06-01T00:00:00Z') }, ['b']],
  ['$exists: true (null exists)', { tag: { $exists: true } }, ['a', 'b', 'd']],
  ['$exists: false on a dotted path', { 'meta.seats': { $exists: false } }, ['b']],
  ['null matches null or missing', { tag: null }, ['c', 'd']],
  ['$ne: null matches present non-null values', { tag: { $ne: null } }, ['a', 'b']],
  ['$in with null matches missing too', { tag: { $in: [null, 'y'] } }, ['b', 'c', 'd']],
  ['$nin with null excludes missing too', { tag: { $nin: [null] } }, ['a', 'b']],
  ['$regex, case-insensitive', { email: { $regex: /^alice@example\.com$/i } }, ['a']],
  ['a RegExp value', { email: /EXAMPLE\.COM$/i }, ['a', 'b', 'd']],
  ['$or', { $or: [{ n: 1 }, { 'meta.plan': 'team' }] }, ['a', 'd']],
  ['$and', { $and: [{ 'meta.plan': 'pro' }, { n: { $gt: 1 } }] }, ['c']],
  ['fields beside $or', { tags: 'red', $or: [{ n: 1 }, { n: 2 }] }, ['a']],
  ['null inside $or', { $or: [{ tag: null }, { n: 1 }] }, ['a', 'c', 'd']],
  ['nothing', { tag: 'zzz' }, []],
];

export function queryTests(ctx: ContractContext): void {
  describe('queries', () => {
    let people: Collection<Person>;
    const ids = (docs: Person[]) => docs.map((d) => d._id);

    beforeAll(async () => {
      people = ctx.store().collection<Person>(ctx.collectionName('people'));
      for (const p of PEOPLE) await people.insertOne(p);
    });

    it('findOne by _id returns the document as inserted, or null when there is none', async () => {
      expect(await people.findOne({ _id: 'b' })).toEqual(PEOPLE[1]);
      expect(await people.findOne({ _id: 'nope' })).toBeNull();
    });

    it.each(CASES)('find and count with %s', async (_label, filter, expected) => {
      expect(ids(await people.find(filter)).sort()).toEqual(expected);
      expect(await people.count(filter)).toBe(expected.length);
    });

    // The SQLite engine answers a filter naming an _id from the primary key, testing the rest in JavaScript.
    it.each(CASES)('findOne and updateOne naming each _id, with %s', async (_label, filter, expected) => {
      for (const p of PEOPLE) {
        const named = { _id: p._id, ...filter };
        expect((await people.findOne(named))?._id ?? null).toBe(expected.includes(p._id) ? p._id : null);
        expect((await people.updateOne(named, { $set: { seen: true } })).matched).toBe(expected.includes(p._id) ? 1 : 0);
      }
    });

    it('counts at most the limit it is given, and exactly below it', async () => {
      expect(await people.count({}, { limit: 2 })).toBe(2);
      expect(await people.count({ 'meta.plan': 'pro' }, { limit: 10 })).toBe(2);
      expect(await people.count({ tags: 'red' }, { limit: 1 })).toBe(1);
    });

    it('sorts on several keys, ascending and descending, dotted paths included', async () => {
      expect(ids(await people.find({}, { sort: { 'meta.plan': 1, n: -1 } }))).toEqual(['b', 'c', 'a', 'd']);
      expect(ids(await people.find({ tags: 'red' }, { sort: { at: -1 } }))).toEqual(['d', 'a']);
    });

    it('pages with skip and limit over a sort', async () => {
      const page = (skip: number) => people.find({}, { sort: { n: -1 }, skip, limit: 3 });
      expect(ids(await page(0))).toEqual(['d', 'c', 'b']);
      expect(ids(await page(3))).toEqual(['a']);
      expect(await page(4)).toEqual([]);
      expect(ids(await people.find({}, { sort: { n: 1 }, limit: 2 }))).toEqual(['a', 'b']);
      expect(ids(await people.find({}, { sort: { n: 1 }, skip: 2 }))).toEqual(['c', 'd']);
    });

    it('refuses a filter field that is undefined rather than matching everything', async () => {
      await expect(people.find({ tag: undefined })).rejects.toThrow(/"tag" is undefined/);
      await expect(people.count({ $or: [{ n: 1 }, { 'meta.plan': undefined }] })).rejects.toThrow(/undefined/);
    });
  });
}

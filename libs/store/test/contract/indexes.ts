import { DuplicateKeyError, type Doc } from '../../src';
import type { ContractContext } from './context';

type Loose = Doc & Record<string, unknown>;

export function indexTests(ctx: ContractContext): void {
  const fresh = () => {
    const name = ctx.collectionName('indexed');
    return { name, c: ctx.store().collection<Loose>(name) };
  };
  const duplicate = expect.any(DuplicateKeyError);

  describe('indexes', () => {
    it('a second document with the same _id raises DuplicateKeyError', async () => {
      const { c } = fresh();
      await c.insertOne({ _id: 'x' });
      await expect(c.insertOne({ _id: 'x' })).rejects.toEqual(duplicate);
    });

    it('a unique index refuses a duplicate insert, an update into a duplicate and an upsert into one', async () => {
      const { name, c } = fresh();
      await c.createIndex({ email: 1 }, { unique: true });
      await c.insertOne({ _id: 'a', email: 'a@example.com' });
      await c.insertOne({ _id: 'b', email: 'b@example.com' });
      const err = await c.insertOne({ _id: 'c', email: 'a@example.com' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DuplicateKeyError);
      expect(err).toMatchObject({ name: 'DuplicateKeyError', collection: name });
      await expect(c.updateOne({ _id: 'b' }, { $set: { email: 'a@example.com' } })).rejects.toEqual(duplicate);
      await expect(c.updateMany({ _id: 'b' }, { $set: { email: 'a@example.com' } })).rejects.toEqual(duplicate);
      await expect(c.findOneAndUpdate({ _id: 'b' }, { $set: { email: 'a@example.com' } })).rejects.toEqual(duplicate);
      await expect(c.updateOne({ _id: 'n' }, { $set: { email: 'a@example.com' } }, { upsert: true })).rejects.toEqual(duplicate);
      expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'a', email: 'a@example.com' },
        { _id: 'b', email: 'b@example.com' },
      ]);
    });

    it('a compound unique index allows a value under another tenant but not twice under one', async () => {
      const { c } = fresh();
      await c.createIndex({ tenantId: 1, domain: 1 }, { unique: true });
      await c.insertOne({ _id: '1', tenantId: 't1', domain: 'example.com' });
      await c.insertOne({ _id: '2', tenantId: 't2', domain: 'example.com' });
      await c.insertOne({ _id: '3', tenantId: 't1', domain: 'example.org' });
      await expect(c.insertOne({ _id: '4', tenantId: 't1', domain: 'example.com' })).rejects.toEqual(duplicate);
    });

    it('a sparse unique index allows many documents without the field; a plain one allows only one', async () => {
      const sparse = fresh().c;
      await sparse.createIndex({ token: 1 }, { unique: true, sparse: true });
      await sparse.insertOne({ _id: '1' });
      await sparse.insertOne({ _id: '2' });
      await sparse.insertOne({ _id: '3', token: 't' });
      await expect(sparse.insertOne({ _id: '4', token: 't' })).rejects.toEqual(duplicate);
      const plain = fresh().c;
      await plain.createIndex({ token: 1 }, { unique: true });
      await plain.insertOne({ _id: '1' });
      await expect(plain.insertOne({ _id: '2' })).rejects.toEqual(duplicate);
    });

    it('createIndex is idempotent', async () => {
      const { c } = fresh();
      await c.createIndex({ tenantId: 1, at: -1 });
      await c.createIndex({ tenantId: 1, at: -1 });
      await c.createIndex({ email: 1 }, { unique: true, sparse: true });
      await c.createIndex({ email: 1 }, { unique: true, sparse: true });
      await c.insertOne({ _id: '1', email: 'e' });
      await expect(c.insertOne({ _id: '2', email: 'e' })).rejects.toEqual(duplicate);
    });

    it('when an index is partial, then every query answers as without it, documents moving in and out of it included', async () => {
      const { c } = fresh();
      const live = { status: { $in: ['queued', 'sending'] }, purgedAt: null };
      await c.createIndex({ status: 1, due: 1 }, { partial: live });
      await c.createIndex({ pending: 1, at: 1 }, { partial: { pending: true } });
      await c.createIndex({ status: 1, due: 1 }, { partial: live });
      await c.insertMany([
        { _id: 'q1', status: 'queued', due: 3, pending: true, at: 2 },
        { _id: 'q2', status: 'queued', due: 1, purgedAt: null, pending: false, at: 1 },
        { _id: 's1', status: 'sending', due: 2, pending: true, at: 1 },
        { _id: 'd1', status: 'sent', due: 0, pending: false, at: 0 },
        { _id: 'p1', status: 'queued', due: 0, purgedAt: new Date(), at: 3 },
      ]);
      const ids = async (filter: Record<string, unknown>, sort: Record<string, 1 | -1>) =>
        (await c.find(filter, { sort })).map((d) => d._id);
      expect(await ids({ status: 'queued', purgedAt: null, due: { $lte: 3 } }, { due: 1, _id: 1 })).toEqual(['q2', 'q1']);
      expect(await ids({ status: { $in: ['queued', 'sending'] }, purgedAt: null }, { due: 1, _id: 1 })).toEqual(['q2', 's1', 'q1']);
      expect(await ids({ status: 'queued' }, { due: 1, _id: 1 })).toEqual(['p1', 'q2', 'q1']);
      expect(await ids({ status: 'sent' }, { _id: 1 })).toEqual(['d1']);
      expect(await ids({ pending: true, at: { $lt: 5 } }, { at: 1, _id: 1 })).toEqual(['s1', 'q1']);
      expect(await c.count({ pending: true })).toBe(2);
      expect(await c.count({ pending: { $ne: true } })).toBe(3);

      await c.updateOne({ _id: 's1' }, { $set: { status: 'sent', pending: false } });
      await c.updateOne({ _id: 'd1' }, { $set: { status: 'sending', pending: true, at: 0 } });
      expect(await ids({ status: { $in: ['queued', 'sending'] }, purgedAt: null }, { due: 1, _id: 1 })).toEqual(['d1', 'q2', 'q1']);
      expect(await ids({ pending: true, at: { $lt: 5 } }, { at: 1, _id: 1 })).toEqual(['d1', 'q1']);
      expect(await ids({ status: 'sent' }, { _id: 1 })).toEqual(['s1']);
    });

    it('when an index asks for what no engine builds, then createIndex refuses it on every engine alike', async () => {
      const { c } = fresh();
      await expect(c.createIndex({})).rejects.toThrow(/at least one key/);
      await expect(c.createIndex({ at: 1, n: 1 }, { expireAfterSeconds: 60 })).rejects.toThrow(/TTL index takes one top-level field/);
      await expect(c.createIndex({ 'meta.at': 1 }, { expireAfterSeconds: 60 })).rejects.toThrow(/TTL index takes one top-level field/);
      await expect(c.createIndex({ _id: 1 }, { counts: true })).rejects.toThrow(/count index cannot be keyed by _id/);
      await expect(c.createIndex({ email: 1 }, { covering: true, unique: true })).rejects.toThrow(/covering index is a plain index/);
      await expect(c.createIndex({ 'meta.plan': 1 }, { covering: true })).rejects.toThrow(/covering index is a plain index/);
      await expect(c.createIndex({ subject: 1 }, { text: true, within: ['_id'] })).rejects.toThrow(
        /text index names fields other than _id/,
      );
      await expect(c.createIndex({ email: 1 }, { unique: true, partial: { active: true } })).rejects.toThrow(/plain index/);
      await expect(c.createIndex({ at: 1 }, { expireAfterSeconds: 60, partial: { active: true } })).rejects.toThrow(/plain index/);
      const refused = [{ 'a.b': true }, { _id: 'x' }, { status: { $nin: ['x'] } }, { status: { $in: [] } }, { n: 1 }, {}];
      for (const partial of refused) {
        await expect(c.createIndex({ at: 1 }, { partial: partial as never })).rejects.toThrow(/partial index/);
      }
    });

    ttlTest(ctx);
  });
}

function ttlTest(ctx: ContractContext): void {
  const { ttl } = ctx.options;
  const old = () => new Date(Date.now() - 120_000);

  if (ttl.kind === 'index') {
    it('a TTL index carries expireAfterSeconds (the server monitor removes documents every 60 s)', async () => {
      const name = ctx.collectionName('ttl');
      await ctx.store().collection<Loose>(name).createIndex({ createdAt: 1 }, { expireAfterSeconds: 60 });
      expect(await ttl.expireAfterSeconds(name, 'createdAt')).toBe(60);
    });
  }

  it('documents older than expireAfterSeconds disappear, also after the store is reopened', async () => {
    const name = ctx.collectionName('ttl');
    const first = await ctx.makeStore();
    const sessions = first.collection<Loose>(name);
    await sessions.createIndex({ createdAt: 1 }, { expireAfterSeconds: 60 });
    await sessions.insertOne({ _id: 'old', createdAt: old() });
    await sessions.insertOne({ _id: 'fresh', createdAt: new Date() });
    await sessions.insertOne({ _id: 'undated' });
    expect((await sessions.find({}, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['fresh', 'undated']);
    expect(await sessions.findOne({ _id: 'old' })).toBeNull();
    expect((await sessions.updateOne({ _id: 'old' }, { $set: { seen: true } })).matched).toBe(0);
    expect((await sessions.findOne({ _id: 'fresh' }))?._id).toBe('fresh');
    await first.close();

    const second = await ctx.makeStore();
    const reopened = second.collection<Loose>(name);
    await reopened.createIndex({ createdAt: 1 }, { expireAfterSeconds: 60 });
    await reopened.insertOne({ _id: 'old2', createdAt: old() });
    expect(await reopened.count({})).toBe(2);
    await second.close();
  });
}

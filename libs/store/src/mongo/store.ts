import type { Collection as MongoCollection, CreateIndexesOptions, Filter as MongoFilter, MongoClient, UpdateFilter } from 'mongodb';
import { assertFilter, assertUpdate, upsertId } from '../guards';
import { indexSpec } from '../index-spec';
import { createPartialIndex } from './indexes';
import { ttlGuard } from './ttl';
import { expandContains } from '../text-search';
import { type Collection, type Doc, DuplicateKeyError, type Filter, type Store, type Update } from '../port';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at start (docs/decisions/toolchain.md)
export const mongodb = (): typeof import('mongodb') => require('mongodb');

export interface MongoStoreOptions {
  url: string;
  dbName: string;
}

const DUPLICATE_KEY_CODES = new Set([11000, 11001]);

// The value that collided may be a secret (a key hash): name the index fields only.
function duplicateKey(collection: string, e: unknown): DuplicateKeyError | undefined {
  const err = e as { code?: unknown; keyPattern?: Record<string, unknown> } | null;
  if (!DUPLICATE_KEY_CODES.has(err?.code as number)) return undefined;
  const fields = err?.keyPattern ? Object.keys(err.keyPattern).join(',') : '';
  return new DuplicateKeyError(collection, fields ? `duplicate key on ${fields}` : undefined);
}

/** Writes are acknowledged once journaled by a majority (standalone: journaled), as the other engines acknowledge only durable ones. */
export async function createMongoStore({ url, dbName }: MongoStoreOptions): Promise<Store> {
  // The other engines cannot store undefined either; without this the driver would store it as null.
  const { MongoClient } = mongodb();
  const client = new MongoClient(url, { ignoreUndefined: true, writeConcern: { w: 'majority', journal: true } });
  await client.connect();
  const db = client.db(dbName);
  // Multi-document transactions need a replica set (or a sharded cluster); a standalone server has none.
  const hello = await db.admin().command({ hello: 1 });
  const transactions = Boolean(hello.setName) || hello.msg === 'isdbgrid';
  return {
    collection: <T extends Doc>(name: string) => mongoCollection<T>(name, db.collection<Doc>(name), client, transactions),
    ping: async () => void (await db.command({ ping: 1 }, { timeoutMS: 2000 })),
    close: () => client.close(),
  };
}

function mongoCollection<T extends Doc>(
  name: string,
  coll: MongoCollection<Doc>,
  client: MongoClient,
  transactions: boolean,
): Collection<T> {
  const ttl = ttlGuard(coll);
  const run = async <R>(fn: () => Promise<R>): Promise<R> => {
    try {
      return await fn();
    } catch (e) {
      throw duplicateKey(name, e) ?? e;
    }
  };
  /** An insert that a unique key held only by an expired document refused is tried again once it is gone. */
  const inserting = async (fn: () => Promise<void>): Promise<void> =>
    run(async () => {
      try {
        await fn();
      } catch (e) {
        if (!duplicateKey(name, e) || (await ttl.purge()) === 0) throw e;
        await fn();
      }
    });
  const query = async (filter: Filter) => {
    assertFilter(name, filter);
    return (await ttl.live(expandContains(name, filter))) as MongoFilter<Doc>;
  };
  const change = (update: Update) => {
    assertUpdate(name, update);
    return update as UpdateFilter<Doc>;
  };

  return {
    createIndex: (keys, options = {}) =>
      run(async () => {
        const spec = indexSpec(name, keys, options);
        // $contains runs as regexes no index serves better than the tenant's (a `text` index is word-based): nothing to create.
        if (spec.kind === 'text') return;
        const plain = spec.kind === 'plain' ? spec : undefined;
        const createOptions: CreateIndexesOptions = {
          ...(plain?.unique ? { unique: true } : {}),
          ...(plain?.sparse ? { sparse: true } : {}),
          ...(plain?.ttl ? { expireAfterSeconds: plain.ttl.seconds } : {}),
        };
        // _id last, as paging sorts end, so the index hands out a page in order (not for unique keys, nor TTL's one field).
        const last = Object.values(keys).at(-1) ?? 1;
        const paged = plain !== undefined && !plain.unique && !plain.ttl && !('_id' in keys);
        const indexed = paged ? { ...keys, _id: last } : keys;
        if (plain && (await createPartialIndex(coll, indexed, plain.partial, createOptions))) return;
        await coll.createIndex(indexed, createOptions);
        if (plain?.ttl) ttl.learn(plain.ttl.path, plain.ttl.seconds);
      }),
    // The driver writes an _id into the object it is given: keep the caller's intact.
    insertOne: (doc) =>
      inserting(async () => {
        await coll.insertOne({ ...doc });
      }),
    // All or nothing: in a transaction where the deployment has them; on a standalone server, the documents of
    // the batch that went in before a refused one are deleted again (a crash in between would leave them).
    insertMany: (docs) =>
      inserting(async () => {
        if (docs.length === 0) return;
        const copies = docs.map((d) => ({ ...d }));
        if (transactions) {
          await client.withSession((session) => session.withTransaction(() => coll.insertMany(copies, { session })));
          return;
        }
        try {
          await coll.insertMany(copies);
        } catch (e) {
          const inserted = Object.values((e as { insertedIds?: Record<number, unknown> }).insertedIds ?? {});
          if (inserted.length > 0) await coll.deleteMany({ _id: { $in: inserted as string[] } });
          throw e;
        }
      }),
    findOne: (filter) => run(async () => (await coll.findOne(await query(filter))) as T | null),
    find: (filter, options = {}) =>
      run(async () => {
        const cursor = coll.find(await query(filter));
        if (options.sort) cursor.sort(options.sort);
        if (options.skip) cursor.skip(options.skip);
        if (options.limit) cursor.limit(options.limit);
        return (await cursor.toArray()) as T[];
      }),
    count: (filter, options = {}) =>
      run(async () => coll.countDocuments(await query(filter), options.limit ? { limit: options.limit } : {})),
    updateOne: (filter, update, options = {}) =>
      run(async () => {
        if (options.upsert) upsertId(name, filter, update);
        const r = await coll.updateOne(await query(filter), change(update), { upsert: options.upsert ?? false });
        return { matched: r.matchedCount, upserted: r.upsertedCount > 0 };
      }),
    updateMany: (filter, update) => run(async () => (await coll.updateMany(await query(filter), change(update))).matchedCount),
    findOneAndUpdate: (filter, update, options = {}) =>
      run(async () => {
        if (options.upsert) upsertId(name, filter, update);
        const doc = await coll.findOneAndUpdate(await query(filter), change(update), {
          returnDocument: 'after',
          upsert: options.upsert ?? false,
          ...(options.sort ? { sort: options.sort } : {}),
        });
        return doc as T | null;
      }),
    deleteOne: (filter) => run(async () => (await coll.deleteOne(await query(filter))).deletedCount),
    deleteMany: (filter) => run(async () => (await coll.deleteMany(await query(filter))).deletedCount),
  };
}

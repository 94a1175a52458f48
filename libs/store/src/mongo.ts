import {
  type Collection as MongoCollection,
  type CreateIndexesOptions,
  type Filter as MongoFilter,
  MongoClient,
  type UpdateFilter,
} from 'mongodb';
import { assertFilter, assertUpdate, upsertId } from './guards';
import { expandContains } from './text-search';
import { type Collection, type Doc, DuplicateKeyError, type Filter, type Store, type Update } from './port';

export interface MongoStoreOptions {
  url: string;
  /** One database per service. */
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

/** The distributed engine, through the official driver. Connects first, so a wrong URL fails at start-up. */
export async function createMongoStore({ url, dbName }: MongoStoreOptions): Promise<Store> {
  // nedb cannot persist undefined either; without this the driver would store it as null.
  const client = new MongoClient(url, { ignoreUndefined: true });
  await client.connect();
  const db = client.db(dbName);
  return {
    collection: <T extends Doc>(name: string) => mongoCollection<T>(name, db.collection<Doc>(name)),
    ping: async () => void (await db.command({ ping: 1 }, { timeoutMS: 2000 })),
    close: () => client.close(),
  };
}

function mongoCollection<T extends Doc>(name: string, coll: MongoCollection<Doc>): Collection<T> {
  const run = async <R>(fn: () => Promise<R>): Promise<R> => {
    try {
      return await fn();
    } catch (e) {
      throw duplicateKey(name, e) ?? e;
    }
  };
  const query = (filter: Filter) => {
    assertFilter(name, filter);
    return expandContains(name, filter) as MongoFilter<Doc>;
  };
  const change = (update: Update) => {
    assertUpdate(name, update);
    return update as UpdateFilter<Doc>;
  };

  return {
    // counts: a plain index on the keys, which countDocuments scans without reading documents.
    createIndex: (keys, { text, counts: _, ...options } = {}) =>
      run(async () => {
        // $contains runs as case-insensitive regexes, which no MongoDB index serves better than the tenant
        // index that already narrows the scan (a `text` index is word-based, not substring): nothing to create.
        if (text) return;
        const defined = Object.entries(options).filter(([, v]) => v !== undefined);
        await coll.createIndex(keys, Object.fromEntries(defined) as CreateIndexesOptions);
      }),
    insertOne: (doc) =>
      run(async () => {
        // The driver writes an _id into the object it is given; ours is always present, but keep the caller's intact.
        await coll.insertOne({ ...doc });
      }),
    insertMany: (docs) =>
      run(async () => {
        if (docs.length > 0) await coll.insertMany(docs.map((d) => ({ ...d })));
      }),
    findOne: (filter) => run(async () => (await coll.findOne(query(filter))) as T | null),
    find: (filter, options = {}) =>
      run(async () => {
        const cursor = coll.find(query(filter));
        if (options.sort) cursor.sort(options.sort);
        if (options.skip) cursor.skip(options.skip);
        if (options.limit) cursor.limit(options.limit);
        return (await cursor.toArray()) as T[];
      }),
    count: (filter, options = {}) => run(() => coll.countDocuments(query(filter), options.limit ? { limit: options.limit } : {})),
    updateOne: (filter, update, options = {}) =>
      run(async () => {
        if (options.upsert) upsertId(name, filter, update);
        const r = await coll.updateOne(query(filter), change(update), { upsert: options.upsert ?? false });
        return { matched: r.matchedCount, upserted: r.upsertedCount > 0 };
      }),
    updateMany: (filter, update) => run(async () => (await coll.updateMany(query(filter), change(update))).matchedCount),
    findOneAndUpdate: (filter, update, options = {}) =>
      run(async () => {
        if (options.upsert) upsertId(name, filter, update);
        const doc = await coll.findOneAndUpdate(query(filter), change(update), {
          returnDocument: 'after',
          upsert: options.upsert ?? false,
          ...(options.sort ? { sort: options.sort } : {}),
        });
        return doc as T | null;
      }),
    deleteOne: (filter) => run(async () => (await coll.deleteOne(query(filter))).deletedCount),
    deleteMany: (filter) => run(async () => (await coll.deleteMany(query(filter))).deletedCount),
  };
}

import type Datastore from '@seald-io/nedb';
import { assertFilter, assertUpdate, upsertId } from './guards';
import { toNedbFilter } from './nedb-filter';
import { expandContains } from './text-search';
import { type Collection, type Doc, DuplicateKeyError, type Filter, type FindOptions, type Update } from './port';
import { upsertDocument } from './upsert-doc';

type Ds = Datastore<Record<string, unknown>>;

const isUniqueViolation = (e: unknown) => (e as { errorType?: unknown } | null)?.errorType === 'uniqueViolated';

// nedb's own copies share Date objects with the caller and with its cache, so we copy across the boundary,
// dropping undefined fields as the Mongo adapter does. Not structuredClone: under jest its Dates come from
// another realm and fail `instanceof Date`.
function copy<V>(value: V): V {
  if (value instanceof Date) return new Date(value.getTime()) as V;
  if (Array.isArray(value)) return value.map(copy) as V;
  if (typeof value !== 'object' || value === null || value instanceof RegExp) return value;
  const defined = Object.entries(value).filter(([, v]) => v !== undefined);
  return Object.fromEntries(defined.map(([k, v]) => [k, copy(v)])) as V;
}

/** nedb rejects $setOnInsert and would treat an empty update as a replacement document. */
function operatorsFor(update: Update): Update | undefined {
  const { $setOnInsert: _, ...rest } = update;
  return Object.keys(rest).length > 0 ? copy(rest) : undefined;
}

export function nedbCollection<T extends Doc>(name: string, open: () => Promise<Ds>): Collection<T> {
  const run = async <R>(fn: (ds: Ds) => Promise<R>): Promise<R> => {
    const ds = await open();
    try {
      return await fn(ds);
    } catch (e) {
      throw isUniqueViolation(e) ? new DuplicateKeyError(name) : e;
    }
  };
  const query = (filter: Filter) => {
    assertFilter(name, filter);
    return toNedbFilter(expandContains(name, filter));
  };

  async function updateFirst(ds: Ds, q: Filter, update: Update): Promise<T | null> {
    const ops = operatorsFor(update);
    if (!ops) return copy((await ds.findOneAsync(q)) as unknown as T | null);
    const { affectedDocuments } = await ds.updateAsync(q, ops, { returnUpdatedDocs: true });
    return copy((affectedDocuments as unknown as T | undefined) ?? null);
  }

  async function updateMatching(ds: Ds, q: Filter, update: Update, multi: boolean): Promise<number> {
    const ops = operatorsFor(update);
    if (!ops) return Math.min(await ds.countAsync(q), multi ? Infinity : 1);
    return (await ds.updateAsync(q, ops, { multi })).numAffected;
  }

  /** Inserts the upserted document, or, when a concurrent upsert won, updates that one instead (as MongoDB retries). */
  async function upsert(ds: Ds, filter: Filter, update: Update): Promise<{ doc: T | null; upserted: boolean }> {
    try {
      const doc = await ds.insertAsync(copy(upsertDocument(filter, update)));
      return { doc: copy(doc as unknown as T), upserted: true };
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const doc = await updateFirst(ds, toNedbFilter(filter), update);
      if (!doc) throw e;
      return { doc, upserted: false };
    }
  }

  return {
    createIndex: (keys, options = {}) =>
      run(async (ds) => {
        // No substring index or count table in nedb: $contains and count scan what the other conditions leave.
        if (options.text || options.counts) return;
        const fieldName = Object.keys(keys);
        // nedb restores indexes from its file without their TTL and then ignores ensureIndex: re-create TTL ones.
        if (options.expireAfterSeconds !== undefined) await ds.removeIndexAsync([...fieldName].sort().join(','));
        await ds.ensureIndexAsync({ fieldName, ...options });
      }),
    insertOne: (doc) =>
      run(async (ds) => {
        await ds.insertAsync(copy(doc) as unknown as Record<string, unknown>);
      }),
    insertMany: (docs) =>
      run(async (ds) => {
        // nedb inserts an array all or nothing.
        if (docs.length > 0) await ds.insertAsync(copy(docs) as unknown as Record<string, unknown>[]);
      }),
    findOne: (filter) => run(async (ds) => copy((await ds.findOneAsync(query(filter))) as unknown as T | null)),
    find: (filter, options: FindOptions = {}) =>
      run(async (ds) => {
        let cursor = ds.findAsync(query(filter));
        if (options.sort) cursor = cursor.sort(options.sort);
        if (options.skip) cursor = cursor.skip(options.skip);
        if (options.limit) cursor = cursor.limit(options.limit);
        return copy((await cursor) as unknown as T[]);
      }),
    count: (filter, options = {}) =>
      run(async (ds) => Math.min((await ds.countAsync(query(filter))) as unknown as number, options.limit ?? Infinity)),
    updateOne: (filter, update, options = {}) =>
      run(async (ds) => {
        assertUpdate(name, update);
        if (options.upsert) upsertId(name, filter, update);
        const matched = await updateMatching(ds, query(filter), update, false);
        if (matched > 0 || !options.upsert) return { matched, upserted: false };
        const { upserted } = await upsert(ds, filter, update);
        return { matched: upserted ? 0 : 1, upserted };
      }),
    updateMany: (filter, update) =>
      run((ds) => {
        assertUpdate(name, update);
        return updateMatching(ds, query(filter), update, true);
      }),
    findOneAndUpdate: (filter, update, options = {}) =>
      run(async (ds) => {
        assertUpdate(name, update);
        if (options.upsert) upsertId(name, filter, update);
        const q = query(filter);
        // Without a sort any match will do, and nedb's own single-document update is atomic: one operation.
        if (!options.sort) {
          const updated = await updateFirst(ds, q, update);
          if (updated || !options.upsert) return updated;
          return (await upsert(ds, filter, update)).doc;
        }
        // Compare-and-set on the first candidate by sort; a concurrent caller that got there first makes us look again.
        for (;;) {
          let cursor = ds.findAsync(q);
          if (options.sort) cursor = cursor.sort(options.sort);
          const [candidate] = (await cursor.limit(1)) as unknown as T[];
          if (!candidate) break;
          const updated = await updateFirst(ds, { _id: candidate._id, $and: [q] }, update);
          if (updated) return updated;
        }
        return options.upsert ? (await upsert(ds, filter, update)).doc : null;
      }),
    deleteOne: (filter) => run((ds) => ds.removeAsync(query(filter), { multi: false })),
    deleteMany: (filter) => run((ds) => ds.removeAsync(query(filter), { multi: true })),
  };
}

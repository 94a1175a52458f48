import type { Collection as MongoCollection } from 'mongodb';
import type { Doc, Filter } from '../port';

/**
 * MongoDB's TTL monitor deletes expired documents about once a minute; until then they would still be read (an
 * expired Idempotency-Key would conflict where SQLite and PostgreSQL already forget it). The TTL fields of a
 * collection are read from its indexes once, and every read and write filter leaves out documents whose field
 * is a Date older than its limit (a Date bound never matches another type, as the monitor ignores them too).
 */
export function ttlGuard(coll: MongoCollection<Doc>) {
  let fields: Promise<Map<string, number>> | undefined;
  const known = () =>
    (fields ??= coll
      .indexes()
      .then(
        (indexes) =>
          new Map(
            indexes
              .filter((ix) => typeof ix.expireAfterSeconds === 'number')
              .map((ix) => [Object.keys(ix.key)[0], ix.expireAfterSeconds as number]),
          ),
      )
      .catch((err: { codeName?: string }) => {
        fields = undefined;
        // A collection not created yet has no indexes, hence no TTL.
        if (err?.codeName === 'NamespaceNotFound') return new Map<string, number>();
        throw err;
      }));
  return {
    /** Called by createIndex: the collection's TTL fields are known from now on. */
    learn(field: string, seconds: number) {
      fields = known().then((m) => m.set(field, seconds));
    },
    /** `filter` with expired documents left out. */
    async live(filter: Filter, now = Date.now()): Promise<Filter> {
      const ttl = await known();
      if (ttl.size === 0) return filter;
      const fresh = [...ttl].map(([field, seconds]) => ({ [field]: { $not: { $lt: new Date(now - seconds * 1000) } } }));
      return { $and: [filter, ...fresh] };
    },
    /** Deletes what has expired (before an insert that a unique key of an expired document refused is tried again). */
    async purge(now = Date.now()): Promise<number> {
      const ttl = await known();
      let deleted = 0;
      for (const [field, seconds] of ttl)
        deleted += (await coll.deleteMany({ [field]: { $lt: new Date(now - seconds * 1000) } })).deletedCount;
      return deleted;
    },
  };
}

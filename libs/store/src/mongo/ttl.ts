import type { Collection as MongoCollection } from 'mongodb';
import type { Doc, Filter } from '../port';

/** MongoDB's TTL monitor runs about once a minute: filters leave out what expired meanwhile (an Idempotency-Key would still conflict). */
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
    learn(field: string, seconds: number) {
      fields = known().then((m) => m.set(field, seconds));
    },
    async live(filter: Filter, now = Date.now()): Promise<Filter> {
      const ttl = await known();
      if (ttl.size === 0) return filter;
      const fresh = [...ttl].map(([field, seconds]) => ({ [field]: { $not: { $lt: new Date(now - seconds * 1000) } } }));
      return { $and: [filter, ...fresh] };
    },
    async purge(now = Date.now()): Promise<number> {
      const ttl = await known();
      let deleted = 0;
      for (const [field, seconds] of ttl)
        deleted += (await coll.deleteMany({ [field]: { $lt: new Date(now - seconds * 1000) } })).deletedCount;
      return deleted;
    },
  };
}

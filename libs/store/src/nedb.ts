import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { keepDatafileOpen } from './nedb-append';
import { nedbCollection } from './nedb-collection';
import type { Doc, Store } from './port';

export interface NedbStoreOptions {
  /** One `<collection>.db` file per collection lives here. */
  dir: string;
  /** nedb appends every write to its file; compaction rewrites it without the superseded lines. */
  compactEveryMs?: number;
}

type Ds = Datastore<Record<string, unknown>>;

const COLLECTION_NAME = /^[A-Za-z0-9_-]+$/;

/** The embedded engine: an on-disk nedb datastore per collection, loaded once per store. */
export function createNedbStore({ dir, compactEveryMs = 10 * 60_000 }: NedbStoreOptions): Store {
  const datastores = new Map<string, Promise<Ds>>();
  let closed = false;

  const compactAll = () =>
    Promise.all(
      [...datastores.values()].map((loading) =>
        loading.then(
          (ds) => ds.compactDatafileAsync(),
          () => undefined,
        ),
      ),
    );
  // A failed compaction leaves the file as it was; the next one (or close) tries again.
  const timer = setInterval(() => void compactAll().catch(() => undefined), compactEveryMs);
  timer.unref();

  const open = (name: string): Promise<Ds> => {
    if (closed) return Promise.reject(new Error(`store closed: cannot use collection ${name}`));
    let loading = datastores.get(name);
    if (!loading) {
      const ds: Ds = new Datastore({ filename: path.join(dir, `${name}.db`) });
      keepDatafileOpen((ds as unknown as { persistence: Parameters<typeof keepDatafileOpen>[0] }).persistence);
      loading = ds.loadDatabaseAsync().then(() => ds);
      datastores.set(name, loading);
    }
    return loading;
  };

  return {
    collection<T extends Doc>(name: string) {
      if (!COLLECTION_NAME.test(name)) throw new Error(`invalid collection name "${name}"`);
      return nedbCollection<T>(name, () => open(name));
    },
    // Nothing to ask: the engine lives in this process, usable until closed.
    async ping() {
      if (closed) throw new Error('store closed');
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await compactAll();
    },
  };
}

import path from 'node:path';
import { createMongoStore } from './mongo';
import { createNedbStore } from './nedb';
import type { Store } from './port';

export * from './port';
export { createMongoStore, type MongoStoreOptions } from './mongo';
export { createNedbStore, type NedbStoreOptions } from './nedb';

export interface StoreConfig {
  /** When set, MongoDB; otherwise nedb files under `<dataDir>/<dbName>`. */
  mongoUrl?: string;
  /** The service's database name (one per service). */
  dbName: string;
  dataDir: string;
}

/** Picks the engine: MongoDB when a URL is configured, the embedded nedb store otherwise. */
export function createStore(config: StoreConfig): Store {
  return config.mongoUrl
    ? createMongoStore({ url: config.mongoUrl, dbName: config.dbName })
    : createNedbStore({ dir: path.join(config.dataDir, config.dbName) });
}

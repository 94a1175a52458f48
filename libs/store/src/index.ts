import path from 'node:path';
import { createMongoStore } from './mongo';
import type { Store } from './port';
import { createSqliteStore } from './sqlite';

export * from './port';
export { createMongoStore, type MongoStoreOptions } from './mongo';
export { createNedbStore, type NedbStoreOptions } from './nedb';
export { createSqliteStore, type SqliteStoreOptions } from './sqlite';

/** The embedded store's file inside a service's data folder. */
export const SQLITE_FILE = 'store.sqlite3';

/**
 * MongoDB (one database per service) when a URL is configured, otherwise one SQLite file in a folder per
 * service; nedb files found in that folder (the former embedded format) are imported on first open.
 */
export type StoreConfig = { mongodbUrl: string; dbName: string } | { dir: string };

export async function createStore(config: StoreConfig): Promise<Store> {
  return 'mongodbUrl' in config
    ? createMongoStore({ url: config.mongodbUrl, dbName: config.dbName })
    : createSqliteStore({ file: path.join(config.dir, SQLITE_FILE), importNedbFrom: config.dir });
}
export { carrying, eventOutbox, type CarriesEvents, type EventOutbox, type OutboxFields } from './outbox';
export { tenantScoped, type TenantScoped } from './tenant-scoped';
export { leaseOn, type Lease } from './lease';
export { createBlobStore } from './blob-store';
export { createFileBlobStore } from './blob-files';
export { createSqliteBlobStore } from './blob-sqlite';
export { createGridFsBlobStore } from './blob-gridfs';
export type { BlobStore } from './blob-port';

import { createMongoStore } from './mongo';
import { createNedbStore } from './nedb';
import type { Store } from './port';

export * from './port';
export { createMongoStore, type MongoStoreOptions } from './mongo';
export { createNedbStore, type NedbStoreOptions } from './nedb';

/** MongoDB (one database per service) when a URL is configured, otherwise nedb files in a folder per service. */
export type StoreConfig = { mongodbUrl: string; dbName: string } | { dir: string };

export async function createStore(config: StoreConfig): Promise<Store> {
  return 'mongodbUrl' in config
    ? createMongoStore({ url: config.mongodbUrl, dbName: config.dbName })
    : createNedbStore({ dir: config.dir });
}
export { carrying, eventOutbox, type CarriesEvents, type EventOutbox, type OutboxFields } from './outbox';
export { tenantScoped, type TenantScoped } from './tenant-scoped';
export { createBlobStore } from './blob-store';
export { createFileBlobStore } from './blob-files';
export { createGridFsBlobStore } from './blob-gridfs';
export type { BlobStore } from './blob-port';

export * from './port';
export { createMongoStore, type MongoStoreOptions } from './mongo/store';
export { createPostgresStore, type PostgresStoreOptions } from './postgres/store';
export { createSqliteStore, type SqliteStoreOptions } from './sqlite/store';

export { createStore, SQLITE_FILE, type StoreConfig } from './create-store';
export {
  appendingEvents,
  carrying,
  eventOutbox,
  KEEP_PUBLISHED_MS,
  type CarriesEvents,
  type EventOutbox,
  type OutboxFields,
} from './outbox';
export { auditedRecords, withEvents, type AuditedRecord, type AuditedRecords } from './audited';
export { tenantScoped, type TenantScoped } from './tenant-scoped';
export { leaseOn, type Lease } from './lease';
export { queuesMark, type KeepsPublished, type QueuesMark } from './queues-mark';
export { replicaRegistry, type ReplicaRecord, type ReplicaRegistry } from './replicas';
export { createBlobStore } from './blob-store';
export { createFileBlobStore } from './blob-files';
export { createSqliteBlobStore } from './sqlite/blobs';
export { createGridFsBlobStore } from './mongo/blobs';
export { createPostgresBlobStore } from './postgres/blobs';
export { migrateSqliteToPostgres, type MigrationOptions } from './postgres/migrate';
export { backupSqliteFile } from './sqlite/backup';
export { poolUsage as postgresPoolUsage } from './postgres/pool';
export type { BlobStore } from './blob-port';

export * from './port';
export { createMongoStore, type MongoStoreOptions } from './mongo';
export { createPostgresStore, type PostgresStoreOptions } from './postgres';
export { createSqliteStore, type SqliteStoreOptions } from './sqlite';

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
export { createSqliteBlobStore } from './blob-sqlite';
export { createGridFsBlobStore } from './blob-gridfs';
export { createPostgresBlobStore } from './blob-postgres';
export { migrateSqliteToPostgres, type MigrationOptions } from './migrate-postgres';
export { backupSqliteFile } from './sqlite-backup';
export { poolUsage as postgresPoolUsage } from './postgres-pool';
export type { BlobStore } from './blob-port';

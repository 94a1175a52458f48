import path from 'node:path';
import { createMongoStore } from './mongo/store';
import type { Store } from './port';
import { createPostgresStore } from './postgres/store';
import { createSqliteStore } from './sqlite/store';

/** The embedded store's file inside a service's data folder. */
export const SQLITE_FILE = 'store.sqlite3';

/**
 * PostgreSQL (a schema per service) or MongoDB (a database per service) when a URL is configured, otherwise one
 * SQLite file in a folder per service; nedb files found in that folder (the former embedded format) are imported
 * on first open.
 */
export type StoreConfig =
  { postgresUrl: string; schema: string; poolSize?: number } | { mongodbUrl: string; dbName: string } | { dir: string };

export async function createStore(config: StoreConfig): Promise<Store> {
  if ('postgresUrl' in config) return createPostgresStore({ url: config.postgresUrl, schema: config.schema, poolSize: config.poolSize });
  if ('mongodbUrl' in config) return createMongoStore({ url: config.mongodbUrl, dbName: config.dbName });
  return createSqliteStore({ file: path.join(config.dir, SQLITE_FILE), importNedbFrom: config.dir });
}

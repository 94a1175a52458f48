import path from 'node:path';
import { createMongoStore } from './mongo/store';
import type { Store } from './port';
import { createPostgresStore } from './postgres/store';
import { createSqliteStore } from './sqlite/store';

export const SQLITE_FILE = 'store.sqlite3';

/** A URL picks PostgreSQL (a schema per service) or MongoDB (a database per service); else one SQLite file per service folder. */
export type StoreConfig =
  { postgresUrl: string; schema: string; poolSize?: number } | { mongodbUrl: string; dbName: string } | { dir: string };

export async function createStore(config: StoreConfig): Promise<Store> {
  if ('postgresUrl' in config) return createPostgresStore({ url: config.postgresUrl, schema: config.schema, poolSize: config.poolSize });
  if ('mongodbUrl' in config) return createMongoStore({ url: config.mongodbUrl, dbName: config.dbName });
  return createSqliteStore({ file: path.join(config.dir, SQLITE_FILE), importNedbFrom: config.dir });
}

import { assertBlobKey, type BlobStore } from '../blob-port';
import { ident } from '../paths';
import { query, sharedPool, transaction } from './pool';

const SLICE = 1000;

/** Rows in the store's schema (`_blob_<bucket>`), so every replica reads them and a put shares its records' WAL. */
export async function createPostgresBlobStore(options: {
  url: string;
  schema: string;
  bucket: string;
  poolSize?: number;
}): Promise<BlobStore> {
  const shared = sharedPool(options.url, options.poolSize ?? 10);
  const { pool, relaxed } = shared;
  const table = `${ident(options.schema)}.${ident(`_blob_${options.bucket}`)}`;
  try {
    await transaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`mailplane_store:${options.schema}`]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${ident(options.schema)}`);
      // `written` before `data`, so that a sweep reading keys and times never reads a blob's bytes.
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${table} (key text COLLATE "C" PRIMARY KEY, written timestamptz NOT NULL, data bytea NOT NULL)`,
      );
    });
  } catch (err) {
    await shared.release();
    throw err;
  }

  return {
    async put(key, data, options) {
      assertBlobKey(key);
      await query(
        options?.durability === 'with-next-write' ? relaxed : pool,
        `INSERT INTO ${table} (key, written, data) VALUES ($1, now(), $2) ON CONFLICT (key) DO UPDATE SET written = excluded.written, data = excluded.data`,
        [key, data],
      );
    },
    async get(key) {
      assertBlobKey(key);
      const { rows } = await query<{ data: Buffer }>(pool, `SELECT data FROM ${table} WHERE key = $1`, [key]);
      return rows[0]?.data ?? null;
    },
    async delete(key) {
      assertBlobKey(key);
      return ((await query(pool, `DELETE FROM ${table} WHERE key = $1`, [key])).rowCount ?? 0) > 0;
    },
    async scan(before, cursor = '') {
      const { rows } = await query<{ key: string; old: boolean }>(
        pool,
        `SELECT key, written < $2 AS old FROM ${table} WHERE key > $1 ORDER BY key LIMIT ${SLICE}`,
        [cursor, before],
      );
      const keys = rows.filter((r) => r.old).map((r) => r.key);
      return { keys, cursor: rows.length === SLICE ? rows[rows.length - 1].key : undefined };
    },
    close: () => shared.release(),
  };
}

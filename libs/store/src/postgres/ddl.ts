import { createHash } from 'node:crypto';
import type pg from 'pg';
import { ident } from '../paths';
import type { PgEngine } from './engine';
import { indexValidity } from './index-build';

const INDEX = /^CREATE (?:UNIQUE )?INDEX IF NOT EXISTS ("[^"]+") ON /;
const TRIGGER = /^CREATE OR REPLACE TRIGGER ("[^"]+") AFTER \w+ ON (\S+) /;

/**
 * Skips a statement whose object exists: `CREATE INDEX IF NOT EXISTS` and `CREATE OR REPLACE TRIGGER` lock the table before
 * they look. A trigger is remade when its statement's hash in `_store_meta` changed. So a start with nothing to do locks nothing.
 */
export async function runDdl(client: pg.PoolClient, engine: PgEngine, collection: string, sql: string): Promise<void> {
  const index = INDEX.exec(sql);
  if (index) {
    if ((await indexValidity(client, `${ident(engine.schema)}.${index[1]}`)) === null) await client.query(sql);
    return;
  }
  const trigger = TRIGGER.exec(sql);
  if (!trigger) {
    await client.query(sql);
    return;
  }
  const [, name, table] = trigger;
  const hash = createHash('sha1').update(sql).digest('hex');
  const { rows } = await client.query(
    `SELECT 1 FROM ${engine.meta} m, pg_trigger t
     WHERE m.collection = $1 AND m.kind = 'trigger' AND m.key = $2 AND m.value = $3 AND t.tgrelid = to_regclass($4) AND t.tgname = $5`,
    [collection, name, hash, table, name.slice(1, -1)],
  );
  if (rows.length) return;
  await client.query(sql);
  await engine.remember(client, collection, 'trigger', name, hash);
}

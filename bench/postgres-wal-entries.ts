// Index entries per index, read from the WAL (postgres-writes.ts): pg_stat_user_tables counts rows written, not the
// entries a partial index took or left out.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { postgresBinaries } from '../platform/local/postgres';

// A leaf insert is logged as one of these (a split carries the new entry with it); upper levels and vacuum are not entries.
const ENTRY = /^rmgr: Btree .*desc: (INSERT_LEAF|INSERT_POST|SPLIT_L|SPLIT_R)\b.*blkref #0: rel (\d+)\/(\d+)\/(\d+)/;

export interface IndexEntries {
  table: string;
  index: string;
  comment: string | null;
  entries: number;
}

export async function indexEntries(client: pg.Client, schema: string, from: string, to: string): Promise<IndexEntries[]> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('pg_waldump not found (PostgreSQL is not installed)');
  const { rows: settings } = await client.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`);
  const { rows: indexes } = await client.query<{ table: string; index: string; comment: string | null; node: string }>(
    `SELECT t.relname AS table, c.relname AS index, obj_description(c.oid, 'pg_class') AS comment,
            pg_relation_filenode(c.oid)::text AS node
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = $1`,
    [schema],
  );
  const { stdout } = await promisify(execFile)(join(bin, 'pg_waldump'), ['-p', join(settings[0].dir, 'pg_wal'), '-s', from, '-e', to], {
    maxBuffer: 1 << 30,
  });
  const counts = new Map<string, number>();
  for (const line of stdout.split('\n')) {
    const node = ENTRY.exec(line)?.[4];
    if (node) counts.set(node, (counts.get(node) ?? 0) + 1);
  }
  return indexes.map(({ node, ...rest }) => ({ ...rest, entries: counts.get(node) ?? 0 }));
}

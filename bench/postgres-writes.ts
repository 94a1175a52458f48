// What one send writes on PostgreSQL, accept to delivered (bench/history/2026-11-27-volume-postgres.md, "Writes per send"):
//   DATABASE_URL=postgres://… npx tsx -C mailplane-source bench/postgres-writes.ts [sends] [--keep]
// --keep leaves the database: dropping it checkpoints, which may recycle the WAL pg_waldump reads (a server on this host).
// Table counters are read after the platform stopped, since backends report theirs when they close.
import pg from 'pg';
import { freshBenchDatabase } from './bench-database';
import { jsonClient, postEmails, sinkReaches, tenantWithIdentity } from './common';
import { benchConfig } from './config';
import { startBenchEmbedded } from './embedded';
import { indexEntries } from './postgres-wal-entries';

interface TableStats {
  table: string;
  ins: number;
  upd: number;
  hot: number;
  del: number;
  indexes: number;
}

async function snapshot(url: string): Promise<{ lsn: string; tables: Map<string, TableStats> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<TableStats>(
      `SELECT t.schemaname || '.' || t.relname AS table, t.n_tup_ins::int AS ins, t.n_tup_upd::int AS upd,
              t.n_tup_hot_upd::int AS hot, t.n_tup_del::int AS del,
              (SELECT count(*)::int FROM pg_index i WHERE i.indrelid = t.relid) AS indexes
       FROM pg_stat_user_tables t WHERE t.schemaname = 'mailplane_mail'`,
    );
    const { rows: wal } = await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    return { lsn: wal[0].lsn, tables: new Map(rows.map((r) => [r.table, r])) };
  } finally {
    await client.end();
  }
}

async function walBytes(url: string, from: string, to: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($2, $1)::text AS bytes', [from, to]);
    return Number(rows[0].bytes);
  } finally {
    await client.end();
  }
}

async function reportIndexEntries(url: string, from: string, to: string, sends: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await indexEntries(client, 'mailplane_mail', from, to);
    const per = (n: number) => (n / sends).toFixed(2).padStart(6);
    const byTable = new Map<string, number>();
    for (const i of found) byTable.set(i.table, (byTable.get(i.table) ?? 0) + i.entries);
    const total = [...byTable.values()].reduce((a, b) => a + b, 0);
    console.log(`b-tree entries per send, from the WAL: ${per(total)}`);
    for (const [table, n] of byTable) if (n > 0) console.log(`  ${table.padEnd(36)} ${per(n)}`);
    console.log('messages, index by index:');
    for (const i of found.filter((x) => x.table === 'messages')) console.log(`  ${per(i.entries)}  ${i.comment ?? i.index}`);
  } finally {
    await client.end();
  }
}

async function main() {
  const sends = Number(process.argv[2] ?? 500);
  const keep = process.argv.includes('--keep');
  if (!benchConfig.databaseUrl) throw new Error('usage: DATABASE_URL=postgres://… postgres-writes.ts [sends]');
  const database = await freshBenchDatabase(benchConfig.databaseUrl, 'writes');
  const { platform, stop } = await startBenchEmbedded('mailplane-writes-', { DATABASE_URL: database.url });
  const client = jsonClient(platform.url, 16);
  let before: Awaited<ReturnType<typeof snapshot>>;
  try {
    const { auth, domain } = await tenantWithIdentity(client, (name, value) => platform.sandbox.dns.setTxt(name, [value]));
    // A first send warms what the first of a kind creates (counters, day rows), then the counted ones.
    await postEmails(client, auth, domain, 1, 1);
    await sinkReaches(platform.sandbox.sink, 1, 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    before = await snapshot(database.url);
    await postEmails(client, auth, domain, sends, 16);
    await sinkReaches(platform.sandbox.sink, sends + 1, 180_000);
    // The delivered events' confirmation (the outbox's last write) follows the MTA's 250.
    await new Promise((r) => setTimeout(r, 3000));
  } finally {
    client.close();
    await stop();
  }
  await new Promise((r) => setTimeout(r, 1500));
  const after = await snapshot(database.url);
  const wal = await walBytes(database.url, before.lsn, after.lsn);
  console.log(`${sends} sends; per send: WAL ${(wal / sends).toFixed(0)} bytes (pg_waldump -s ${before.lsn} -e ${after.lsn} --stats)`);
  console.log('table                                   ins    upd    hot    del  idx  index entries');
  let entries = 0;
  for (const [name, a] of after.tables) {
    const b = before.tables.get(name) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    const per = (k: 'ins' | 'upd' | 'hot' | 'del') => (a[k] - b[k]) / sends;
    // Each insert and each update that is not HOT adds an entry to every index of the table.
    const tableEntries = (per('ins') + per('upd') - per('hot')) * a.indexes;
    entries += tableEntries;
    if (per('ins') + per('upd') + per('del') === 0) continue;
    const cells = [per('ins'), per('upd'), per('hot'), per('del')].map((v) => v.toFixed(2).padStart(6));
    console.log(`${name.padEnd(38)} ${cells.join(' ')} ${String(a.indexes).padStart(4)} ${tableEntries.toFixed(1).padStart(8)}`);
  }
  console.log(`index entries per send: ${entries.toFixed(1)} (counted per row written: a partial index takes fewer)`);
  // pg_waldump reads the server's own WAL files: a server on another host, or one this user cannot read, has none to give.
  await reportIndexEntries(database.url, before.lsn, after.lsn, sends).catch((err: unknown) =>
    console.log(`b-tree entries per index: not read from the WAL (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`),
  );
  if (keep) console.log(`kept ${database.url}`);
  else await database.drop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

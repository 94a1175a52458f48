// Where a PostgreSQL-backed run spends the server's time, sampled from another shell beside a bench:
//   npx tsx bench/postgres-activity.ts <seconds> [divisor]     (DATABASE_URL: any database of the server)
// Samples client backends' waits every 50 ms, then prints wait shares and statements by total time (calls per `divisor`).
import pg from 'pg';
import { benchConfig } from './config';

async function main() {
  const seconds = Number(process.argv[2]);
  const divisor = Number(process.argv[3] ?? 1);
  if (!benchConfig.databaseUrl || !(seconds > 0)) throw new Error('usage: DATABASE_URL=… postgres-activity.ts <seconds> [divisor]');
  const client = new pg.Client({ connectionString: benchConfig.databaseUrl });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.query('SELECT pg_stat_statements_reset()');
  const waits = new Map<string, number>();
  let samples = 0;
  for (const end = Date.now() + seconds * 1000; Date.now() < end;) {
    const { rows } = await client.query<{ wait: string; n: number }>(
      `SELECT CASE WHEN state = 'active' THEN coalesce(wait_event_type || ':' || wait_event, 'CPU') ELSE state END AS wait, count(*)::int AS n
       FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY 1`,
    );
    for (const r of rows) waits.set(r.wait, (waits.get(r.wait) ?? 0) + r.n);
    samples++;
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(`backends per sample, by what they wait on (${samples} samples):`);
  for (const [wait, n] of [...waits].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / samples).toFixed(2).padStart(7)}  ${wait}`);
  const { rows } = await client.query(
    `SELECT calls, total_exec_time, mean_exec_time, regexp_replace(query, '\\s+', ' ', 'g') AS query
     FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_activity%' ORDER BY total_exec_time DESC LIMIT 25`,
  );
  console.log(`\nstatements by total time: calls per ${divisor === 1 ? 'run' : `${divisor}`}, mean ms, total ms`);
  for (const r of rows)
    console.log(
      `  ${(r.calls / divisor).toFixed(2).padStart(8)} ${Number(r.mean_exec_time).toFixed(3).padStart(9)} ${Number(r.total_exec_time).toFixed(0).padStart(8)}  ${String(r.query).slice(0, 150)}`,
    );
  await client.end();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

import pg from 'pg';

// Marks the probes' own queries, which the counts leave out.
const PROBE = '/* bench-probe */';

/** Statements in `url`'s database (pg_stat_statements) from `start()` to `stop()`, which waits for `n` messages `sent`. */
export async function statementCounter(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`${PROBE} CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
  const database = `${PROBE} (SELECT oid FROM pg_database WHERE datname = current_database())`;
  return {
    async start() {
      await client.query(`${PROBE} SELECT pg_stat_statements_reset(0, ${database.slice(PROBE.length)}, 0)`);
    },
    async stop(n: number): Promise<{ perSend: number; top: string }> {
      try {
        for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
          const { rows } = await client.query(
            `${PROBE} SELECT count(*)::int AS n FROM mailplane_mail.messages WHERE doc->>'status' = 'sent'`,
          );
          if (rows[0].n >= n) break;
        }
        const { rows } = await client.query(
          `${PROBE} SELECT calls::float8 AS calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query FROM pg_stat_statements
           WHERE dbid = ${database.slice(PROBE.length)} AND query NOT LIKE '%bench-probe%' ORDER BY calls DESC`,
        );
        const total = rows.reduce((sum, r) => sum + r.calls, 0);
        const top = rows
          .filter((r) => r.calls / n >= 0.05)
          .map((r) => `  ${(r.calls / n).toFixed(2).padStart(6)}  ${r.query}`)
          .join('\n');
        return { perSend: total / n, top };
      } finally {
        await client.end();
      }
    },
  };
}

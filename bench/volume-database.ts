import pg from 'pg';

/**
 * The PostgreSQL database a volume size is seeded into: `<DATABASE_URL's database>_v<size>`, created when
 * missing (the services' schemas have fixed names, so each size needs a database of its own).
 */
export async function volumeDatabase(url: string, size: number): Promise<string> {
  const own = new URL(url);
  const name = `${own.pathname.slice(1) || 'postgres'}_v${size}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  own.pathname = `/${name}`;
  return own.toString();
}

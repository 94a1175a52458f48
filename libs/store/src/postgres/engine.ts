import type pg from 'pg';
import { DATE_PREFIX } from '../codec';
import type { CountTable } from '../count-tables';
import type { CoveringTable } from './covering';
import type { TextTable } from './text-match';
import { ident } from '../paths';
import { BACKGROUND_INDEX_FROM_ROWS, indexBuilds, type IndexBuilds } from './index-build';
import { META_CHANNEL, query, transaction } from './pool';
import { analyzeUnplanned } from './statistics';

/** What one collection's queries need to know, kept in `_store_meta` so that every process learns it. */
export interface PgState {
  name: string;
  table: string;
  arrays: Set<string>;
  ttl: Map<string, number>;
  countTables: CountTable[];
  coveringTables: CoveringTable[];
  textTables: TextTable[];
  /** Top-level fields whose value (`valueAt`) a generated column holds, by path: the column's name. */
  columns: Map<string, string>;
}

type Kind = 'array' | 'counts' | 'covering' | 'text' | 'ttl' | 'column' | 'migrated' | 'trigger';

export type Queryable = Pick<pg.ClientBase, 'query'>;

export class PgEngine {
  private readonly states = new Map<string, Promise<PgState>>();
  private readonly tables = new Set<string>();
  private trigramOps: Promise<string> | undefined;
  readonly meta: string;
  readonly builds: IndexBuilds;
  bytewise = false;

  constructor(
    readonly pool: pg.Pool,
    readonly schema: string,
    /** For writes that settle `with-next-write` (see SharedPool). */
    readonly relaxed: pg.Pool = pool,
    readonly backgroundIndexFromRows = BACKGROUND_INDEX_FROM_ROWS,
  ) {
    this.meta = `${ident(schema)}._store_meta`;
    this.builds = indexBuilds(pool, schema);
  }

  qualified(name: string): string {
    return `${ident(this.schema)}.${ident(name)}`;
  }

  async bootstrap(): Promise<void> {
    await this.ddl(async (client) => {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${ident(this.schema)}`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${this.meta} (collection text NOT NULL, kind text NOT NULL, key text NOT NULL, value text NOT NULL,
         PRIMARY KEY (collection, kind, key))`,
      );
      // Before the first query is planned; once, the other replicas waiting on the lock then find statistics.
      await analyzeUnplanned(client, this.schema);
    });
    const { rows } = await query<{ bytewise: boolean }>(
      this.pool,
      `SELECT datcollate IN ('C', 'POSIX') AS bytewise FROM pg_database WHERE datname = current_database()`,
    );
    this.bytewise = rows[0]?.bytewise === true;
  }

  /** Under the schema's advisory lock: `IF NOT EXISTS` is unsafe against another replica creating the same thing at once. */
  async ddl<R>(fn: (client: pg.PoolClient) => Promise<R>, lock = this.schema): Promise<R> {
    return this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`mailplane_store:${lock}`]);
      return fn(client);
    });
  }

  transaction<R>(fn: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    return transaction(this.pool, fn);
  }

  state(name: string): Promise<PgState> {
    let state = this.states.get(name);
    if (!state) {
      state = this.load(name);
      state.catch(() => this.states.delete(name));
      this.states.set(name, state);
    }
    return state;
  }

  /** Forgets what was read from `_store_meta`: another process changed it (or may have, while unheard). */
  forget(): void {
    this.states.clear();
  }

  private async load(name: string): Promise<PgState> {
    const table = this.qualified(name);
    if (!this.tables.has(name)) {
      const { rows } = await query(this.pool, 'SELECT to_regclass($1) AS found', [table]);
      if (!rows[0].found) {
        await this.ddl((client) =>
          client.query(`CREATE TABLE IF NOT EXISTS ${table} (id text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL)`),
        );
      }
      this.tables.add(name);
    }
    const { rows } = await query<Record<string, string>>(this.pool, `SELECT kind, key, value FROM ${this.meta} WHERE collection = $1`, [
      name,
    ]);
    const of = (kind: Kind) => rows.filter((r) => r.kind === kind);
    return {
      name,
      table,
      arrays: new Set(of('array').map((r) => r.key)),
      ttl: new Map(of('ttl').map((r) => [r.key, Number(r.value)])),
      countTables: of('counts').map((r) => ({ table: r.key, paths: JSON.parse(r.value) as string[] })),
      coveringTables: of('covering').map((r) => ({ table: r.key, paths: JSON.parse(r.value) as string[] })),
      textTables: of('text').map((r) => ({ table: r.key, ...(JSON.parse(r.value) as Omit<TextTable, 'table'>) })),
      columns: new Map(of('column').map((r) => [r.key, r.value])),
    };
  }

  async remember(db: Queryable, collection: string, kind: Kind, key: string, value = ''): Promise<void> {
    await db.query(
      `INSERT INTO ${this.meta} (collection, kind, key, value) VALUES ($1, $2, $3, $4) ON CONFLICT (collection, kind, key) DO UPDATE SET value = excluded.value`,
      [collection, kind, key, value],
    );
    await db.query(`SELECT pg_notify('${META_CHANNEL}', $1)`, [this.schema]);
  }

  async recalled(db: Queryable, collection: string, kind: Kind, key: string): Promise<boolean> {
    const { rows } = await db.query(`SELECT 1 FROM ${this.meta} WHERE collection = $1 AND kind = $2 AND key = $3`, [collection, kind, key]);
    return rows.length > 0;
  }

  /** Before the write, on the writer's connection: a path noted but never written only costs later queries a look inside arrays. */
  async noteArrays(db: Queryable, state: PgState, found: Set<string>): Promise<void> {
    for (const path of found) {
      if (state.arrays.has(path)) continue;
      await this.remember(db, state.name, 'array', path);
      state.arrays.add(path);
    }
  }

  expired(state: PgState, params: unknown[], now = Date.now()): string | undefined {
    if (state.ttl.size === 0) return undefined;
    const parts: string[] = [];
    for (const [path, seconds] of state.ttl) {
      params.push(DATE_PREFIX, DATE_PREFIX + new Date(now - seconds * 1000).toISOString());
      const text = `(t.doc->>'${path}') COLLATE "C"`;
      parts.push(`(${text} >= $${params.length - 1} AND ${text} < $${params.length})`);
    }
    return parts.join(' OR ');
  }

  /** The operator class of pg_trgm, created in this database on first need (a trusted extension since PostgreSQL 13). */
  trigram(): Promise<string> {
    this.trigramOps ??= this.ddl(async (client) => {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      const { rows } = await client.query(
        `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      );
      return `${ident(rows[0].nspname)}.gin_trgm_ops`;
    }, 'pg_trgm').catch((err: unknown) => {
      this.trigramOps = undefined;
      throw err;
    });
    return this.trigramOps;
  }

  async ttlCollections(): Promise<string[]> {
    const { rows } = await query<{ collection: string }>(this.pool, `SELECT DISTINCT collection FROM ${this.meta} WHERE kind = 'ttl'`);
    return rows.map((r) => r.collection);
  }

  async countTables(): Promise<CountTable[]> {
    const { rows } = await query<{ key: string; value: string }>(this.pool, `SELECT key, value FROM ${this.meta} WHERE kind = 'counts'`);
    return rows.map((r) => ({ table: r.key, paths: JSON.parse(r.value) as string[] }));
  }
}

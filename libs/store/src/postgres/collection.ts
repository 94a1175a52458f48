import { applyUpdate } from '../apply-update';
import { decodeDoc, encodeDoc } from '../codec';
import { assertFilter, assertUpdate, upsertId } from '../guards';
import {
  type Collection,
  type Doc,
  type Durability,
  DuplicateKeyError,
  type Filter,
  type Sort,
  StoreUnavailableError,
  type Update,
} from '../port';
import { countFromTable } from './counts';
import { createIndex } from './create-index';
import { countFromCovering, findFromCovering } from './covering';
import { countFromText } from './text';
import type { PgEngine, PgState, Queryable } from './engine';
import { purgeExpired } from './expiry';
import { isUnavailable, prepared, query } from './pool';
import { countSql, deleteSql, findSql, lockSql, updateSql } from './sql';
import { compileUpdate, UNCHANGED } from './update';
import { upsertDocument } from '../upsert-doc';

interface Row {
  id: string;
  doc: string;
}

type Plain = Record<string, unknown>;

const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;
const DEADLOCK = '40P01';

/** An update applied in JavaScript locks its documents in a transaction of its own, so no writer in any process interleaves. */
export function postgresCollection<T extends Doc>(name: string, engine: PgEngine): Collection<T> {
  const { pool } = engine;

  async function run<R>(fn: (state: PgState) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      const state = await engine.state(name).catch(unavailable);
      try {
        return await fn(state);
      } catch (e) {
        // A deadlock rolled this transaction back whole: running it again is safe.
        if (codeOf(e) === DEADLOCK && attempt < 5) continue;
        // jsonb that holds no number cannot be cast for $inc, nor one that holds no array measured for $push.
        if (codeOf(e) === '22023') throw new Error(`${name}: $inc on a non-number or $push onto a non-array (${(e as Error).message})`);
        if (codeOf(e) === '23505') {
          // A unique key held only by an expired document: purge them and try once more, as SQLite does.
          if (state.ttl.size > 0 && attempt === 1 && (await purgeExpired(engine, name)) > 0) continue;
          throw new DuplicateKeyError(name);
        }
        return unavailable(e);
      }
    }
  }

  async function encode(db: Queryable, state: PgState, doc: Plain): Promise<string> {
    const arrays = new Set<string>();
    const json = encodeDoc(doc, arrays);
    await engine.noteArrays(db, state, arrays);
    return json;
  }

  function checkedId(doc: Plain): string {
    if (typeof doc._id !== 'string') throw new Error(`${name}: documents need a string _id`);
    return doc._id;
  }

  async function rewrite(db: Queryable, state: PgState, rows: Row[], update: Update): Promise<Row[]> {
    const written: Row[] = [];
    for (const row of rows) {
      const doc = decodeDoc<Plain>(row.id, row.doc);
      applyUpdate(name, doc, update);
      written.push({ id: row.id, doc: await encode(db, state, doc) });
    }
    if (written.length > 0) {
      await db.query(
        `UPDATE ${state.table} AS t SET doc = w.doc::jsonb FROM unnest($1::text[], $2::text[]) AS w (id, doc) WHERE t.id = w.id`,
        [written.map((w) => w.id), written.map((w) => w.doc)],
      );
    }
    return written;
  }

  async function insertUpsert(db: Queryable, state: PgState, filter: Filter, update: Update): Promise<Row | undefined> {
    const doc = upsertDocument(filter, update);
    doc._id = upsertId(name, filter, update);
    const row = { id: doc._id as string, doc: await encode(db, state, doc) };
    const { rowCount } = await db.query(`INSERT INTO ${state.table} (id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO NOTHING`, [
      row.id,
      row.doc,
    ]);
    return rowCount ? row : undefined;
  }

  /** One statement when `compileUpdate` can express it (else undefined); a filter on `_id` needs no locking subquery. */
  async function updateInSql(
    state: PgState,
    filter: Filter,
    update: Update,
    many: boolean,
    durability?: Durability,
  ): Promise<Row[] | undefined> {
    const params: unknown[] = [];
    const arrays = new Set<string>();
    const expr = compileUpdate(update, params, arrays);
    if (!expr) return undefined;
    if (expr === UNCHANGED) {
      const q = findSql(engine, state, filter, many ? {} : { limit: 1 });
      return (await query<Row>(pool, q.sql, q.params)).rows;
    }
    await engine.noteArrays(pool, state, arrays);
    const q = updateSql(engine, state, filter, expr, params, many || typeof filter._id === 'string');
    return (await query<Row>(durability === 'with-next-write' ? engine.relaxed : pool, q.sql, q.params)).rows;
  }

  /** Update, insert the upsert, update again if another writer inserted it: no transaction; undefined leaves it to the caller's. */
  async function simpleWrite(
    state: PgState,
    filter: Filter,
    update: Update,
    options: { upsert?: boolean; durability?: Durability },
  ): Promise<{ written: Row | undefined; upserted: boolean } | undefined> {
    const updated = await updateInSql(state, filter, update, false, options.durability);
    if (!updated) return undefined;
    if (updated.length > 0 || !options.upsert) return { written: updated[0], upserted: false };
    const doc = upsertDocument(filter, update);
    doc._id = upsertId(name, filter, update);
    const row = { id: doc._id as string, doc: await encode(pool, state, doc) };
    const db = options.durability === 'with-next-write' ? engine.relaxed : pool;
    const sql = `INSERT INTO ${state.table} (id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO NOTHING`;
    if ((await query(db, sql, [row.id, row.doc])).rowCount) return { written: row, upserted: true };
    const again = await updateInSql(state, filter, update, false, options.durability);
    return again?.length ? { written: again[0], upserted: false } : undefined;
  }

  /** A sorted claim first skips rows others hold, and waits for them only when it finds none (a failing claim's row stays for it). */
  async function findAndModify(
    state: PgState,
    filter: Filter,
    update: Update,
    options: { sort?: Sort; upsert?: boolean; durability?: Durability },
  ): Promise<{ written: Row | undefined; upserted: boolean }> {
    assertFilter(name, filter);
    assertUpdate(name, update);
    if (options.upsert) upsertId(name, filter, update);
    if (!options.sort) {
      const done = await simpleWrite(state, filter, update, options);
      if (done) return done;
    }
    return engine.transaction(async (client) => {
      const lock = async (skipLocked: boolean) => {
        const q = lockSql(engine, state, filter, { sort: options.sort, limit: 1, skipLocked });
        return (await client.query<Row>(prepared(q.sql, q.params))).rows;
      };
      let rows = options.sort ? await lock(true) : [];
      if (rows.length === 0) rows = await lock(false);
      if (rows.length > 0) return { written: (await rewrite(client, state, rows, update))[0], upserted: false };
      if (!options.upsert) return { written: undefined, upserted: false };
      const inserted = await insertUpsert(client, state, filter, update);
      if (inserted) return { written: inserted, upserted: true };
      // Another writer inserted that id since this statement's snapshot: update it if it matches, as MongoDB retries.
      rows = await lock(false);
      if (rows.length === 0) throw Object.assign(new Error('duplicate _id'), { code: '23505' });
      return { written: (await rewrite(client, state, rows, update))[0], upserted: false };
    });
  }

  const decoded = (rows: Row[]) => rows.map((r) => decodeDoc<T>(r.id, r.doc));

  return {
    createIndex: (keys, options = {}) => run((state) => createIndex(engine, state, keys, options)),
    insertOne: (doc) =>
      run(async (state) => {
        const plain = doc as unknown as Plain;
        const id = checkedId(plain);
        await query(pool, `INSERT INTO ${state.table} (id, doc) VALUES ($1, $2::jsonb)`, [id, await encode(pool, state, plain)]);
      }),
    insertMany: (docs) =>
      run(async (state) => {
        if (docs.length === 0) return;
        const ids = docs.map((d) => checkedId(d as unknown as Plain));
        const arrays = new Set<string>();
        const jsons = docs.map((d) => encodeDoc(d as unknown as Plain, arrays));
        await engine.noteArrays(pool, state, arrays);
        await query(pool, `INSERT INTO ${state.table} (id, doc) SELECT id, doc::jsonb FROM unnest($1::text[], $2::text[]) AS d (id, doc)`, [
          ids,
          jsons,
        ]);
      }),
    findOne: (filter) =>
      run(async (state) => {
        assertFilter(name, filter);
        const q = findSql(engine, state, filter, { limit: 1 });
        return decoded((await query<Row>(pool, q.sql, q.params)).rows)[0] ?? null;
      }),
    find: (filter, options = {}) =>
      run(async (state) => {
        assertFilter(name, filter);
        // A covering table holds no TTL field to leave expired documents out by.
        const covered =
          state.ttl.size === 0
            ? findFromCovering(engine.schema, name, filter, state.coveringTables, state.arrays, { ...options, bytewise: engine.bytewise })
            : undefined;
        const q = covered ?? findSql(engine, state, filter, options);
        return decoded((await query<Row>(pool, q.sql, q.params)).rows);
      }),
    count: (filter, options = {}) =>
      run(async (state) => {
        assertFilter(name, filter);
        const counted =
          state.ttl.size === 0
            ? (countFromTable(engine.schema, filter, state.countTables, state.arrays) ??
              countFromText(engine.schema, name, filter, state.textTables, state.arrays, options.limit) ??
              countFromCovering(engine.schema, name, filter, state.coveringTables, state.arrays, {
                limit: options.limit,
                bytewise: engine.bytewise,
              }))
            : undefined;
        const q = counted ?? countSql(engine, state, filter, options.limit);
        const { rows } = await query<{ count: number }>(pool, q.sql, q.params);
        return Math.min(Number(Object.values(rows[0])[0]), options.limit ?? Infinity);
      }),
    updateOne: (filter, update, options = {}) =>
      run(async (state) => {
        const { written, upserted } = await findAndModify(state, filter, update, { upsert: options.upsert });
        return { matched: written && !upserted ? 1 : 0, upserted };
      }),
    updateMany: (filter, update) =>
      run(async (state) => {
        assertFilter(name, filter);
        assertUpdate(name, update);
        const updated = await updateInSql(state, filter, update, true);
        if (updated) return updated.length;
        return engine.transaction(async (client) => {
          const q = lockSql(engine, state, filter, {});
          const { rows } = await client.query<Row>(q.sql, q.params);
          await rewrite(client, state, rows, update);
          return rows.length;
        });
      }),
    // `with-next-write`: a simple update (or upsert) commits without waiting for the WAL flush; others as `committed`.
    findOneAndUpdate: (filter, update, options = {}) =>
      run(async (state) => {
        const { written } = await findAndModify(state, filter, update, options);
        return written ? decodeDoc<T>(written.id, written.doc) : null;
      }),
    deleteOne: (filter) => run((state) => remove(state, filter, false)),
    deleteMany: (filter) => run((state) => remove(state, filter, true)),
  };

  async function remove(state: PgState, filter: Filter, many: boolean): Promise<number> {
    assertFilter(name, filter);
    const q = deleteSql(engine, state, filter, many);
    return (await query(pool, q.sql, q.params)).rowCount ?? 0;
  }
}

function unavailable(e: unknown): never {
  throw isUnavailable(e) ? new StoreUnavailableError(e) : e;
}

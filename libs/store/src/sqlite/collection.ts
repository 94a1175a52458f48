import { applyUpdate } from '../apply-update';
import { assertFilter, assertUpdate, upsertId } from '../guards';
import {
  type Collection,
  type Doc,
  type Durability,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type Sort,
  type Update,
} from '../port';
import { idOf, isExpired, plainTest } from './by-id';
import { decodeDoc, encodeDoc } from '../codec';
import { countFromTable } from './counts';
import type { CollectionState, Engine } from './engine';
import { planIndex } from './indexes';
import { ident } from './paths';
import { countSql, deleteSql, findSql } from './sql';
import { countByTextScan } from './text-scan';
import { upsertDocument } from '../upsert-doc';

interface Row {
  rid: number;
  id: string;
  doc: string;
  /** The document already decoded (a fresh copy), when the read needed it. */
  decoded?: Record<string, unknown>;
}

/** A document as a write left it: decoded only by a caller that returns it. */
type Written = Pick<Row, 'id' | 'doc'>;

const isDuplicate = (e: unknown) => /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(String((e as { code?: unknown } | null)?.code));

/** Each operation is one synchronous better-sqlite3 call, so a read-modify-write never interleaves with another caller. */
export function sqliteCollection<T extends Doc>(name: string, engine: Engine): Collection<T> {
  const table = ident(name);

  const decoded = <D>(row: Row): D => (row.decoded as D | undefined) ?? decodeDoc<D>(row.id, row.doc);

  function select(state: CollectionState, filter: Filter, options: FindOptions): Row[] {
    assertFilter(name, filter);
    const byId = idOf(filter) !== undefined && !options.skip ? selectById(state, filter) : undefined;
    if (byId) return byId;
    const q = findSql(name, state.schema, filter, options, engine.expired(state));
    return engine.prepare(q.sql).all(...q.params) as Row[];
  }

  /** A point read by primary key, the rest of the filter tested in JavaScript; undefined when the filter needs SQL after all. */
  function selectById(state: CollectionState, filter: Filter): Row[] | undefined {
    const test = plainTest(name, filter, state.arrays);
    if (!test) return undefined;
    const row = engine.prepare(`SELECT rid, id, doc FROM ${table} WHERE id = ?`).get(filter._id) as Row | undefined;
    if (!row) return [];
    const doc = decodeDoc<Record<string, unknown>>(row.id, row.doc);
    return test(doc) && !isExpired(doc, state.ttl) ? [{ ...row, decoded: doc }] : [];
  }

  function remove(state: CollectionState, filter: Filter, many: boolean): number {
    assertFilter(name, filter);
    const q = deleteSql(name, state.schema, filter, many, engine.expired(state));
    return engine.prepare(q.sql).run(...q.params).changes;
  }

  function insert(state: CollectionState, doc: Record<string, unknown>): string {
    if (typeof doc._id !== 'string') throw new Error(`${name}: documents need a string _id`);
    const arrays = new Set<string>();
    const json = encodeDoc(doc, arrays);
    engine.noteArrays(state, arrays);
    engine.prepare(`INSERT INTO ${table} (id, doc) VALUES (?, ?)`).run(doc._id, json);
    return json;
  }

  function rewrite(state: CollectionState, row: Row, update: Update): Written {
    const doc = decoded<Record<string, unknown>>(row);
    applyUpdate(name, doc, update);
    const arrays = new Set<string>();
    const json = encodeDoc(doc, arrays);
    if (json !== row.doc) {
      engine.noteArrays(state, arrays);
      engine.prepare(`UPDATE ${table} SET doc = ? WHERE rid = ?`).run(json, row.rid);
    }
    return { id: row.id, doc: json };
  }

  function upsert(state: CollectionState, filter: Filter, update: Update): Written {
    const doc = upsertDocument(filter, update);
    doc._id = upsertId(name, filter, update);
    return { id: doc._id as string, doc: insert(state, doc) };
  }

  /**
   * A unique conflict is retried once after purging expired documents. `with-next-write` settles at once: groups commit in
   * order, so a later write's commit carries it (unless SQLite rolled the group back itself: full disk, I/O error).
   */
  function write<R>(fn: (state: CollectionState) => R, durability: Durability = 'committed'): Promise<R> {
    const applied = run(() => {
      const state = engine.state(name);
      try {
        return engine.write(() => fn(state));
      } catch (e) {
        if (!isDuplicate(e) || state.ttl.size === 0) throw e;
        purgeExpired(engine, name);
        return engine.write(() => fn(state));
      }
    });
    if (durability === 'with-next-write') return applied;
    return applied.then(async (result) => {
      await engine.committed();
      return result;
    });
  }

  const run = async <R>(fn: () => R): Promise<R> => {
    try {
      return fn();
    } catch (e) {
      throw isDuplicate(e) ? new DuplicateKeyError(name) : e;
    }
  };
  const read = <R>(fn: (state: CollectionState) => R) => run(() => fn(engine.state(name)));

  function findAndModify(state: CollectionState, filter: Filter, update: Update, options: { sort?: Sort; upsert?: boolean }) {
    assertUpdate(name, update);
    if (options.upsert) upsertId(name, filter, update);
    const [row] = select(state, filter, { sort: options.sort, limit: 1 });
    if (row) return { written: rewrite(state, row, update), upserted: false };
    return options.upsert ? { written: upsert(state, filter, update), upserted: true } : { written: null, upserted: false };
  }

  return {
    createIndex: (keys, options = {}) =>
      run(() => {
        const state = engine.state(name);
        const plan = planIndex(name, keys, options);
        engine.write(() => {
          // A derived table (text, counts) is filled from the documents once, when it is created.
          const derived = plan.text ?? plan.counts;
          const kind = plan.text ? 'text' : 'counts';
          const fresh = derived && !engine.recalled(name, kind, derived.table);
          for (const sql of plan.statements) engine.db.exec(sql);
          if (derived && fresh) {
            engine.db.exec(derived.fill);
            engine.remember(name, kind, derived.table, JSON.stringify(derived.paths));
            (plan.text ? state.textIndexes : state.countTables).push({ table: derived.table, paths: derived.paths });
          }
          const scan = plan.text?.scan;
          if (scan && !state.textScans.some((s) => s.index === scan.index)) {
            const { index, ...rest } = scan;
            engine.remember(name, 'scan', index, JSON.stringify(rest));
            state.textScans.push(scan);
          }
          if (plan.ttl) {
            engine.remember(name, 'ttl', plan.ttl.path, String(plan.ttl.seconds));
            state.ttl.set(plan.ttl.path, plan.ttl.seconds);
          }
        });
      }).then(() => engine.committed()),
    insertOne: (doc) =>
      write((state) => {
        insert(state, doc as unknown as Record<string, unknown>);
      }),
    insertMany: (docs) =>
      write((state) => {
        for (const doc of docs) insert(state, doc as unknown as Record<string, unknown>);
      }),
    findOne: (filter) => read((state) => select(state, filter, { limit: 1 }).map((r) => decoded<T>(r))[0] ?? null),
    find: (filter, options = {}) => read((state) => select(state, filter, options).map((r) => decoded<T>(r))),
    count: (filter, options = {}) =>
      read((state) => {
        assertFilter(name, filter);
        const untimed = state.ttl.size === 0;
        const counted = untimed
          ? (countFromTable(filter, state.countTables, state.arrays) ??
            countByTextScan(name, filter, state.schema, state.textScans, options.limit))
          : undefined;
        const q = counted ?? countSql(name, state.schema, filter, engine.expired(state), options.limit);
        const n = engine
          .prepare(q.sql)
          .pluck()
          .get(...q.params) as number;
        return Math.min(n, options.limit ?? Infinity);
      }),
    updateOne: (filter, update, options = {}) =>
      write((state) => {
        const { written, upserted } = findAndModify(state, filter, update, { upsert: options.upsert });
        return { matched: written && !upserted ? 1 : 0, upserted };
      }),
    updateMany: (filter, update) =>
      write((state) => {
        assertUpdate(name, update);
        const rows = select(state, filter, {});
        for (const row of rows) rewrite(state, row, update);
        return rows.length;
      }),
    findOneAndUpdate: (filter, update, options = {}) =>
      write((state) => {
        const { written } = findAndModify(state, filter, update, options);
        return written && decodeDoc<T>(written.id, written.doc);
      }, options.durability),
    deleteOne: (filter) => write((state) => remove(state, filter, false)),
    deleteMany: (filter) => write((state) => remove(state, filter, true)),
  };
}

export function purgeExpired(engine: Engine, name: string, batch = 1000, maxBatches = 100): number {
  const state = engine.state(name);
  const expired = engine.expired(state);
  if (!expired) return 0;
  const table = ident(name);
  const sql = `DELETE FROM ${table} WHERE rid IN (SELECT t.rid FROM ${table} AS t WHERE ${expired.sql} LIMIT ${batch})`;
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const { changes } = engine.write(() => engine.prepare(sql).run(...expired.params));
    total += changes;
    if (changes < batch) break;
  }
  return total;
}

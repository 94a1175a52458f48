import Database from 'better-sqlite3';
import { DATE_PREFIX, decodeString } from '../codec';
import type { Schema } from './filter';
import { ident, valueAt } from './paths';
import type { TextScan } from './text-scan';

type Db = Database.Database;
type Statement = Database.Statement<unknown[], unknown>;

/** What one collection's queries need to know, kept in `_store_meta` so another connection learns it too. */
export interface CollectionState {
  name: string;
  arrays: Set<string>;
  textIndexes: Array<{ table: string; paths: string[] }>;
  countTables: Array<{ table: string; paths: string[] }>;
  textScans: TextScan[];
  ttl: Map<string, number>;
  schema: Schema;
}

const MAX_STATEMENTS = 500;
const regexCache = new Map<string, RegExp>();

function regexFor(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let re = regexCache.get(key);
  if (!re) {
    if (regexCache.size > 1000) regexCache.clear();
    re = new RegExp(source, flags.replace(/[gy]/g, ''));
    regexCache.set(key, re);
  }
  return re;
}

/** Engines of this thread whose group holds the write lock: another connection of the thread commits them, never waits on itself. */
const openGroups = new Set<Engine>();

/** PRAGMA data_version costs more than a point read: asked once per turn and after this thread commits (nothing else writes mid-turn). */
let threadCommits = 0;
let turn = 0;
let turnEnding = false;
function currentTurn(): number {
  if (!turnEnding) {
    turnEnding = true;
    setImmediate(() => {
      turn++;
      turnEnding = false;
    });
  }
  return turn;
}

export function commitOpenGroups(except?: Engine): void {
  for (const engine of openGroups) if (engine !== except) engine.flush();
}

interface CommitGroup {
  committed: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

export class Engine {
  private readonly statements = new Map<string, Statement>();
  private readonly inSavepoint: (fn: () => unknown) => unknown;
  private group: CommitGroup | null = null;
  private readonly states = new Map<string, CollectionState>();
  private readonly dataVersion: Statement;
  private seenVersion: unknown;
  private versionCheckedAt = -1;
  private versionCheckedCommits = -1;

  constructor(readonly db: Db) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS _store_meta (collection TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
       PRIMARY KEY (collection, kind, key)) WITHOUT ROWID`,
    );
    // JavaScript regular expressions, as the other engines run them; a Date never matches.
    db.function('mp_regexp', { deterministic: true }, (value: unknown, source: unknown, flags: unknown) => {
      if (typeof value !== 'string' || value.startsWith(DATE_PREFIX)) return 0;
      return regexFor(String(source), String(flags)).test(decodeString(value) as string) ? 1 : 0;
    });
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
    this.seenVersion = this.dataVersion.get();
    this.inSavepoint = db.transaction((fn: () => unknown) => fn());
  }

  prepare(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Group commit (docs/decisions/sqlite-store.md): a turn's writes share a transaction, a savepoint each; ack after `committed()`. */
  write<R>(fn: () => R): R {
    if (this.group && !this.db.inTransaction) this.abandon(new Error('store transaction rolled back by SQLite'));
    if (!this.group) this.open();
    return this.inSavepoint(fn) as R;
  }

  committed(): Promise<void> {
    return this.group?.committed ?? Promise.resolve();
  }

  flush(): void {
    this.commit();
  }

  private open(): void {
    commitOpenGroups(this);
    // IMMEDIATE so that two connections never deadlock upgrading a read lock.
    this.prepare('BEGIN IMMEDIATE').run();
    openGroups.add(this);
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const committed = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    committed.catch(() => {}); // a group nobody awaits must not be an unhandled rejection
    this.group = { committed, resolve, reject };
    setImmediate(() => this.commit());
  }

  private commit(): void {
    const group = this.group;
    if (!group) return;
    this.group = null;
    openGroups.delete(this);
    try {
      this.prepare('COMMIT').run();
      threadCommits++;
      group.resolve();
    } catch (err) {
      if (this.db.inTransaction) this.prepare('ROLLBACK').run();
      group.reject(err);
    }
  }

  private abandon(err: Error): void {
    this.group?.reject(err);
    this.group = null;
    openGroups.delete(this);
  }

  state(name: string): CollectionState {
    if (this.versionCheckedAt !== currentTurn() || this.versionCheckedCommits !== threadCommits) {
      this.versionCheckedAt = currentTurn();
      this.versionCheckedCommits = threadCommits;
      const version = this.dataVersion.get();
      if (version !== this.seenVersion) {
        this.seenVersion = version;
        this.states.clear();
      }
    }
    let state = this.states.get(name);
    if (!state) {
      // Creating the table takes the write lock: another connection of this thread must not be holding it.
      commitOpenGroups(this);
      // `rid` is declared, not SQLite's implicit rowid, so that VACUUM never renumbers it: the trigram tables point at it.
      this.db.exec(`CREATE TABLE IF NOT EXISTS ${ident(name)} (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)`);
      state = this.load(name);
      this.states.set(name, state);
    }
    return state;
  }

  private load(name: string): CollectionState {
    const rows = this.prepare('SELECT kind, key, value FROM _store_meta WHERE collection = ?').all(name) as Array<Record<string, string>>;
    const of = (kind: string) => rows.filter((r) => r.kind === kind);
    const arrays = new Set(of('array').map((r) => r.key));
    const tables = (kind: string) => of(kind).map((r) => ({ table: r.key, paths: JSON.parse(r.value) as string[] }));
    const [textIndexes, countTables] = [tables('text'), tables('counts')];
    const textScans = of('scan').map((r) => ({ index: r.key, ...(JSON.parse(r.value) as Omit<TextScan, 'index'>) }));
    const ttl = new Map(of('ttl').map((r) => [r.key, Number(r.value)]));
    const probeText = (table: string, match: string, limit: number) => {
      const rids = this.prepare(`SELECT rowid FROM ${ident(table)} WHERE ${ident(table)} MATCH ? LIMIT ?`)
        .pluck()
        .all(match, limit + 1) as number[];
      return rids.length > limit ? undefined : rids;
    };
    return { name, arrays, textIndexes, countTables, textScans, ttl, schema: { arrays, textIndexes, probeText } };
  }

  remember(collection: string, kind: 'array' | 'text' | 'counts' | 'scan' | 'ttl' | 'migrated', key: string, value = ''): void {
    this.prepare('INSERT OR REPLACE INTO _store_meta (collection, kind, key, value) VALUES (?, ?, ?, ?)').run(collection, kind, key, value);
  }

  recalled(collection: string, kind: string, key: string): boolean {
    return this.prepare('SELECT 1 FROM _store_meta WHERE collection = ? AND kind = ? AND key = ?').get(collection, kind, key) !== undefined;
  }

  noteArrays(state: CollectionState, found: Set<string>): void {
    for (const path of found) {
      if (state.arrays.has(path)) continue;
      state.arrays.add(path);
      this.remember(state.name, 'array', path);
    }
  }

  expired(state: CollectionState, now = Date.now()): { sql: string; params: unknown[] } | undefined {
    if (state.ttl.size === 0) return undefined;
    const parts: string[] = [];
    const params: unknown[] = [];
    for (const [path, seconds] of state.ttl) {
      parts.push(`(${valueAt(path)} >= ? AND ${valueAt(path)} < ?)`);
      params.push(DATE_PREFIX, DATE_PREFIX + new Date(now - seconds * 1000).toISOString());
    }
    return { sql: parts.join(' OR '), params };
  }

  ttlCollections(): string[] {
    return this.prepare(`SELECT DISTINCT collection FROM _store_meta WHERE kind = 'ttl'`).pluck().all() as string[];
  }
}

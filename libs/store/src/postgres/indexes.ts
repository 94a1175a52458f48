import { createHash } from 'node:crypto';
import { toStored } from '../codec';
import { indexSpec } from '../index-spec';
import { type PartialTerm, partialWords, sqlString } from '../partial-index';
import { ident } from '../paths';
import type { IndexOptions } from '../port';
import { planCountTable } from './counts';
import { planCoveringTable } from './covering';
import { BARE, rawAt, valueAt } from './filter';
import { planTextTable } from './text';

/** A plain index over the collection's documents: built in the DDL transaction, or CONCURRENTLY after start-up. */
export interface PlainIndex {
  name: string;
  create: string;
  comment: string;
  /** The unfiltered index on the same keys that this partial one replaces, dropped once it is built. */
  replaces?: string;
}

export interface IndexPlan {
  /** Idempotent DDL (IF NOT EXISTS, OR REPLACE), run in one transaction, after `index` when it is built there. */
  statements: string[];
  index?: PlainIndex;
  ttl?: { path: string; seconds: number };
  column?: { path: string; column: string };
  counts?: { table: string; paths: string[]; fill: string };
  covering?: { table: string; paths: string[]; fill: string; index: string };
  /** `former`: the trigram indexes on the collection that the text table replaces, dropped once it is filled. */
  text?: { table: string; paths: string[]; within: string[]; fill: string; indexes: string[]; former: string[] };
}

/** PostgreSQL truncates names at 63 bytes, where two could meet: the collection and a hash (a COMMENT says it in words). */
export function derivedName(collection: string, what: string): string {
  return `${collection}_${createHash('sha1').update(what).digest('hex').slice(0, 12)}`;
}

/** Expression indexes on exactly what the filter compiler writes (`valueAt`), so equality, ranges and ORDER BY use them. */
export function planIndex(
  schema: string,
  collection: string,
  keys: Record<string, 1 | -1>,
  options: IndexOptions,
  trigramOps = 'gin_trgm_ops',
): IndexPlan {
  const spec = indexSpec(collection, keys, options);
  if (spec.kind === 'text') return textIndex(schema, collection, spec.paths, spec.within, trigramOps);
  if (spec.kind === 'counts') {
    const plan = planCountTable(schema, collection, spec.paths, derivedName(collection, `counts ${spec.paths.join(',')}`));
    return { statements: plan.statements, counts: { table: plan.table, paths: spec.paths, fill: plan.fill } };
  }
  const { entries, paths, partial } = spec;
  const table = `${ident(schema)}.${ident(collection)}`;
  const words = entries.map(([k, d]) => `${k} ${d === -1 ? 'desc' : 'asc'}`).join(', ');
  if (spec.ttl && !spec.unique) return ttlIndex(table, schema, collection, entries[0], words, spec.ttl.seconds);
  const columns = entries.map(([path, dir]) => `${valueAt(path, BARE)}${dir === -1 ? ' DESC' : ''}`);
  const qualified = (name: string) => `${ident(schema)}.${ident(name)}`;
  const described = `${spec.unique ? 'unique ' : ''}${words}${partial.length ? ` where ${partialWords(partial)}` : ''}`;
  const statements: string[] = [];
  let index: PlainIndex | undefined;
  if (spec.unique) {
    // MongoDB's sparse unique index leaves out documents lacking every key; a plain one indexes them as null.
    const present = entries.map(([p]) => `${rawAt(p, BARE)} IS NOT NULL`).join(' OR ');
    const where = spec.sparse ? ` WHERE ${present}` : '';
    const name = derivedName(collection, `unique ${words}${where}`);
    statements.push(`CREATE UNIQUE INDEX IF NOT EXISTS ${ident(name)} ON ${table} (${columns.join(', ')})${where}`);
    statements.push(`COMMENT ON INDEX ${qualified(name)} IS ${sqlString(described)}`);
  } else {
    // The id as last column orders ties the way paging sorts end (`_id`), and lets a deep offset skip
    // index entries. `sparse` is not a partial index here: no query states the predicate that would let one serve.
    const last = entries[entries.length - 1][1];
    const withId = paths.includes('_id') ? columns : [...columns, `id${last === -1 ? ' DESC' : ''}`];
    const full = derivedName(collection, `index ${words}`);
    const name = partial.length ? derivedName(collection, `index ${words} where ${partialWords(partial)}`) : full;
    const where = partial.length ? ` WHERE ${partial.map(condition).join(' AND ')}` : '';
    index = {
      name: qualified(name),
      create: `CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${table} (${withId.join(', ')})${where}`,
      comment: `COMMENT ON INDEX ${qualified(name)} IS ${sqlString(described)}`,
      ...(partial.length ? { replaces: qualified(full) } : {}),
    };
  }
  if (spec.covering) {
    const covering = coveringPlan(schema, collection, entries);
    return { statements: [...statements, ...covering.statements], index, covering };
  }
  return spec.ttl ? { statements, index, ttl: spec.ttl } : { statements, index };
}

/** Written as the compiler writes equality and `$in`, values inlined, so the planner sees that a query's conditions imply it. */
function condition({ path, values, listed }: PartialTerm): string {
  const literal = (v: unknown) => `${sqlString(JSON.stringify(toStored(v)))}::jsonb`;
  const value = valueAt(path, BARE);
  return listed ? `${value} = ANY(ARRAY[${values.map(literal).join(', ')}])` : `${value} = ${literal(values[0])}`;
}

export const ttlColumn = (path: string) => `ttl_${path}`;

/** A generated column, not a `doc` expression: updates leaving the TTL field alone stay HOT (docs/decisions/postgres-indexes.md). */
function ttlIndex(
  table: string,
  schema: string,
  collection: string,
  [path, dir]: [string, 1 | -1],
  words: string,
  seconds: number,
): IndexPlan {
  const column = ttlColumn(path);
  const name = derivedName(collection, `index ${words} column`);
  const former = `${ident(schema)}.${ident(derivedName(collection, `index ${words}`))}`;
  const desc = dir === -1 ? ' DESC' : '';
  return {
    statements: [
      // ALTER TABLE takes an exclusive lock before it looks, holding up every reader of the table at each start.
      `DO $do$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = '${table}'::regclass AND attname = '${column}' AND NOT attisdropped) THEN
        ALTER TABLE ${table} ADD COLUMN ${ident(column)} jsonb GENERATED ALWAYS AS (${valueAt(path, BARE)}) STORED;
      END IF; END $do$`,
      `CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${table} (${ident(column)}${desc}, id${desc})`,
      `COMMENT ON INDEX ${ident(schema)}.${ident(name)} IS '${words}, expiring'`,
      `DROP INDEX IF EXISTS ${former}`,
    ],
    ttl: { path, seconds },
    column: { path, column },
  };
}

function coveringPlan(schema: string, collection: string, entries: Array<[string, 1 | -1]>) {
  const paths = entries.map(([p]) => p);
  const plan = planCoveringTable(schema, collection, entries, derivedName(collection, `covering ${paths.join(',')}`));
  return { table: plan.table, paths, fill: plan.fill, index: plan.index, statements: plan.statements };
}

/** A table of the fields' lowered text with a trigram GIN index per field, for `LIKE '%text%'` of 3 characters or more (text.ts). */
function textIndex(schema: string, collection: string, paths: string[], within: string[], ops: string): IndexPlan {
  const plan = planTextTable(
    schema,
    collection,
    paths,
    within,
    derivedName(collection, `text ${paths.join(',')} within ${within.join(',')}`),
    ops,
  );
  const former = paths.map((p) => `${ident(schema)}.${ident(derivedName(collection, `text ${p}`))}`);
  return { statements: plan.statements, text: { table: plan.table, paths, within, fill: plan.fill, indexes: plan.indexes, former } };
}

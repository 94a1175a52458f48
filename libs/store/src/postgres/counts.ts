import { toStored } from '../codec';
import { type CountTable, countTableFor } from '../count-tables';
import { ident } from '../paths';
import type { Filter } from '../port';
import { BARE, valueAt } from './filter';

export interface Query {
  sql: string;
  params: unknown[];
}

/** Append-only triggers (±n rows per key combination), so writers never queue on a hot row; `compactSql` folds them. */
export function planCountTable(schema: string, collection: string, paths: string[], name: string) {
  const c = `${ident(schema)}.${ident(name)}`;
  const t = `${ident(schema)}.${ident(collection)}`;
  const cols = paths.map((_, i) => `k${i}`);
  const keys = (doc: string) => paths.map((p) => valueAt(p, { doc })).join(', ');
  const groupBy = cols.map((_, i) => i + 1).join(', ');
  const fn = `${ident(schema)}.${ident(`${name}_fn`)}`;
  const body = `BEGIN
    IF TG_LEVEL = 'ROW' THEN
      INSERT INTO ${c} (${cols.join(', ')}, n) VALUES (${keys('OLD.doc')}, -1), (${keys('NEW.doc')}, 1);
    ELSIF TG_OP = 'INSERT' THEN
      INSERT INTO ${c} (${cols.join(', ')}, n) SELECT ${keys('r.doc')}, count(*) FROM new_rows r GROUP BY ${groupBy};
    ELSE
      INSERT INTO ${c} (${cols.join(', ')}, n) SELECT ${keys('r.doc')}, -count(*) FROM old_rows r GROUP BY ${groupBy};
    END IF;
    RETURN NULL;
  END`;
  const trigger = (event: string, how: string) =>
    `CREATE OR REPLACE TRIGGER ${ident(`${name}_${event.toLowerCase()}`)} AFTER ${event} ON ${t} ${how} EXECUTE FUNCTION ${fn}()`;
  // A row trigger's condition skips the many updates that leave the keys alone without a call (a statement trigger cost a third).
  const changed = `(ROW(${keys('OLD.doc')}) IS DISTINCT FROM ROW(${keys('NEW.doc')}))`;
  return {
    table: name,
    statements: [
      `CREATE TABLE IF NOT EXISTS ${c} (${cols.map((k) => `${k} jsonb NOT NULL`).join(', ')}, n bigint NOT NULL, base boolean NOT NULL DEFAULT false)`,
      `CREATE INDEX IF NOT EXISTS ${ident(`${name}_keys`)} ON ${c} (${cols.join(', ')})`,
      `CREATE UNIQUE INDEX IF NOT EXISTS ${ident(`${name}_base`)} ON ${c} (${cols.join(', ')}) WHERE base`,
      `COMMENT ON TABLE ${c} IS 'counts of ${collection} by ${paths.join(', ')}'`,
      `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$ ${body} $fn$`,
      trigger('INSERT', 'REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT'),
      trigger('DELETE', 'REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT'),
      trigger('UPDATE', `FOR EACH ROW WHEN ${changed}`),
    ],
    fill: `INSERT INTO ${c} (${cols.join(', ')}, n, base) SELECT ${keys(BARE.doc)}, count(*), true FROM ${t} GROUP BY ${groupBy}`,
  };
}

/** One statement: rows appended meanwhile wait for the next round, and a concurrent compactor waits and finds its rows gone. */
export function compactSql(schema: string, table: string, keys: number): string {
  const c = `${ident(schema)}.${ident(table)}`;
  const cols = Array.from({ length: keys }, (_, i) => `k${i}`).join(', ');
  return `WITH gone AS (DELETE FROM ${c} WHERE NOT base RETURNING ${cols}, n)
    INSERT INTO ${c} AS c (${cols}, n, base) SELECT ${cols}, sum(n), true FROM gone GROUP BY ${cols}
    ON CONFLICT (${cols}) WHERE base DO UPDATE SET n = c.n + excluded.n`;
}

export function countFromTable(schema: string, filter: Filter, tables: CountTable[], arrays: ReadonlySet<string>): Query | undefined {
  const found = countTableFor(filter, tables, arrays);
  if (!found) return undefined;
  const where = found.where.map(({ key }, i) => `k${key} = $${i + 1}::jsonb`);
  return {
    sql: `SELECT COALESCE(sum(n), 0)::bigint FROM ${ident(schema)}.${ident(found.table)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    params: found.where.map(({ value }) => JSON.stringify(toStored(value))),
  };
}

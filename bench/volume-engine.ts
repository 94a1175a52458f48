// The floor: the same queries straight on the engine (better-sqlite3 on the service's file, the SQL the store
// compiles), without HTTP, the gateway, RPC or JSON. Run while the platform is stopped.
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Filter, SQLITE_FILE } from '@mailplane/store';
import { Engine } from '../libs/store/src/sqlite/engine';
import { countSql, findSql, type Query } from '../libs/store/src/sqlite/sql';
import { measure, type Stat } from './volume-stats';

const DAY_MS = 86_400_000;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** As services/mail/src/data-access/messages-repo.ts builds them (q: its regexes today, and `$contains`). */
function filters(tenantId: string, identityId: string): Record<string, (i: number) => Filter> {
  const day = (i: number) => new Date(Date.now() - (10 + (Math.abs(i) % 70)) * DAY_MS);
  const regexes = (q: string) => ({ $or: [{ subject: new RegExp(q, 'i') }, { to: new RegExp(q, 'i') }] });
  const contains = (text: string) => ({ $contains: { paths: ['subject', 'to'], text } });
  return {
    none: () => ({ tenantId }),
    status: (i) => ({ tenantId, status: i % 2 ? 'failed' : 'suppressed' }),
    identityId: () => ({ tenantId, identityId }),
    'from/to': (i) => ({ tenantId, createdAt: { $gte: day(i), $lt: new Date(day(i).getTime() + DAY_MS) } }),
    'q= (rare) $or regex': (i) => ({ tenantId, ...regexes(`user${1000 + (Math.abs(i) % 9000)}@`) }),
    'q= (rare) $contains': (i) => ({ tenantId, ...contains(`user${1000 + (Math.abs(i) % 9000)}@`) }),
    'q= (common) $or regex': () => ({ tenantId, ...regexes('invoice') }),
    'q= (common) $contains': () => ({ tenantId, ...contains('invoice') }),
  };
}

export async function measureEngine(dataDir: string): Promise<Record<string, Stat>> {
  const db = new Database(path.join(dataDir, 'mail', SQLITE_FILE));
  db.pragma('cache_size = -32768');
  const engine = new Engine(db);
  const schema = engine.state('messages').schema;
  const run = (q: Query, how: 'all' | 'get') => engine.prepare(q.sql)[how](...q.params);
  const one = <T>(sql: string) => db.prepare(sql).get() as T;
  const { tenantId, identityId } = one<{ tenantId: string; identityId: string }>(
    `SELECT json_extract(doc, '$.tenantId') AS tenantId, json_extract(doc, '$.identityId') AS identityId FROM messages LIMIT 1`,
  );
  const results: Record<string, Stat> = {};
  try {
    const list = (filter: Filter, skip = 0) => {
      run(findSql('messages', schema, filter, { sort: NEWEST_FIRST, skip, limit: 50 }), 'all');
      engine
        .prepare(countSql('messages', schema, filter).sql)
        .pluck()
        .get(...countSql('messages', schema, filter).params);
    };
    for (const [name, filter] of Object.entries(filters(tenantId, identityId)))
      results[`page+count ${name}`] = await measure((i) => list(filter(i)));
    results['page+count offset=5000'] = await measure(() => list({ tenantId }, 5000));
    const ids = db.prepare('SELECT id FROM messages ORDER BY rid LIMIT 100 OFFSET 3000').pluck().all() as string[];
    results['by id'] = await measure(
      (i) => void run(findSql('messages', schema, { _id: ids[Math.abs(i) % ids.length], tenantId }, { limit: 1 }), 'all'),
    );
    const count = (filter: Filter) => () =>
      void engine
        .prepare(countSql('messages', schema, filter).sql)
        .pluck()
        .get(...countSql('messages', schema, filter).params);
    results['count tenant'] = await measure(count({ tenantId }));
    results['count tenant+status=sent'] = await measure(count({ tenantId, status: 'sent' }));
    results['count tenant+status=failed'] = await measure(count({ tenantId, status: 'failed' }));
  } finally {
    db.close();
  }
  return results;
}

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteStore, createStore, type Doc, SQLITE_FILE, type Store } from '../src';
import { countFromTable } from '../src/sqlite/counts';
import { countSql, findSql, type Query } from '../src/sqlite/sql';
import { countByTextScan } from '../src/sqlite/text-scan';
import { storeContract } from './contract';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-sqlite-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const contractDir = path.join(root, 'contract');
const contractFile = path.join(contractDir, SQLITE_FILE);
storeContract('sqlite', () => createSqliteStore({ file: contractFile }), {
  ttl: { kind: 'on-read' },
  rival: () => createSqliteStore({ file: contractFile }),
  child: {
    config: { dir: contractDir },
    // A batch is one transaction: while it is open, another connection cannot begin a write.
    async writing() {
      const probe = new Database(contractFile, { timeout: 0 });
      try {
        probe.exec('BEGIN IMMEDIATE; ROLLBACK');
        return false;
      } catch {
        return true;
      } finally {
        probe.close();
      }
    },
    settled: async () => true,
  },
});

interface Message extends Doc {
  tenantId: string;
  status: string;
  identityId: string;
  subject: string;
  to: string;
  createdAt: Date;
  tags: string[];
}

describe('sqlite store', () => {
  const file = path.join(root, 'specific.sqlite3');
  const message = (i: number): Message => ({
    _id: `m${String(i).padStart(4, '0')}`,
    tenantId: `t${i % 2}`,
    status: i % 3 ? 'sent' : 'queued',
    identityId: `i${i % 4}`,
    subject: `Order ${i}`,
    to: `user${i}@example.com`,
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    tags: i % 5 ? [] : ['vip'],
  });

  beforeAll(async () => {
    const store = await createSqliteStore({ file });
    const messages = store.collection<Message>('messages');
    await messages.createIndex({ tenantId: 1, createdAt: -1 });
    await messages.createIndex({ tenantId: 1, status: 1, createdAt: -1 });
    await messages.createIndex({ subject: 1, to: 1 }, { text: true });
    await messages.createIndex({ tenantId: 1, status: 1 }, { counts: true });
    await messages.insertMany(Array.from({ length: 500 }, (_, i) => message(i)));
    await store.close();
  });

  it('when reopened, then documents, array matching and the text index are still there', async () => {
    const store = await createSqliteStore({ file });
    const messages = store.collection<Message>('messages');
    expect(await messages.count({})).toBe(500);
    expect(await messages.findOne({ _id: 'm0007' })).toEqual(message(7));
    expect(await messages.count({ tags: 'vip' })).toBe(100);
    expect(await messages.count({ $contains: { paths: ['subject', 'to'], text: 'USER12@' } })).toBe(1);
    await store.close();
  });

  describe('the planner uses the indexes', () => {
    const schema = { arrays: new Set(['tags']), textIndexes: [{ table: 'messages__text__subject__to', paths: ['subject', 'to'] }] };
    const newestFirst = { sort: { createdAt: -1 as const, _id: -1 as const }, skip: 40, limit: 20 };
    let db: Database.Database;
    beforeAll(() => {
      db = new Database(file, { readonly: true });
      db.function('mp_regexp', { varargs: true }, () => 0);
    });
    afterAll(() => db.close());
    const plan = (q: Query) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.params) as Array<{ detail: string }>).map((r) => r.detail).join('\n');

    it.each([
      ['a tenant page, newest first', { tenantId: 't1' }, 'messages__tenantId_asc__createdAt_desc'],
      ['a tenant page by status', { tenantId: 't1', status: 'sent' }, 'messages__tenantId_asc__status_asc__createdAt_desc'],
      [
        'a tenant page within a time range',
        { tenantId: 't1', createdAt: { $gte: new Date(Date.UTC(2025, 0, 1)), $lt: new Date(Date.UTC(2025, 0, 2)) } },
        'messages__tenantId_asc__createdAt_desc (<expr>=? AND <expr>>? AND <expr><?)',
      ],
    ])('%s: searched through its index, already in order', (_label, filter, index) => {
      const detail = plan(findSql('messages', schema, filter, newestFirst));
      expect(detail).toContain(`SEARCH t USING INDEX ${index}`);
      expect(detail).not.toMatch(/TEMP B-TREE|SCAN t/);
    });

    it('a count by tenant and status reads the index only', () => {
      expect(plan(countSql('messages', schema, { tenantId: 't1', status: 'sent' }))).toContain(
        'USING COVERING INDEX messages__tenantId_asc__status_asc__createdAt_desc',
      );
    });

    it('a count by tenant, or tenant and status, reads the count table when there is one', () => {
      const tables = [{ table: 'messages__counts__tenantId__status', paths: ['tenantId', 'status'] }];
      const q = countFromTable({ tenantId: 't1', status: 'sent' }, tables, schema.arrays);
      expect(
        db
          .prepare(q?.sql ?? '')
          .pluck()
          .get(...(q?.params ?? [])),
      ).toBe(167);
      expect(plan(q as Query)).toContain('SEARCH messages__counts__tenantId__status USING PRIMARY KEY');
      expect(countFromTable({ tenantId: 't1', identityId: 'i1' }, tables, schema.arrays)).toBeUndefined();
      expect(countFromTable({ tags: 'vip' }, [{ table: 'x', paths: ['tags'] }], schema.arrays)).toBeUndefined();
    });

    it('a text search of 3 characters or more goes through the trigram index, a shorter one scans', () => {
      const search = (text: string) => ({ tenantId: 't1', $contains: { paths: ['subject', 'to'], text } });
      expect(plan(findSql('messages', schema, search('user1'), newestFirst))).toContain('messages__text__subject__to VIRTUAL TABLE');
      expect(plan(findSql('messages', schema, search('us'), newestFirst))).not.toContain('VIRTUAL TABLE');
    });
  });

  describe('a search scoped by tenant (text index `within`)', () => {
    const scopedFile = path.join(root, 'scoped.sqlite3');
    // Tenant t1 (odd i) has 12,000 mails; the 6,000 with i % 4 == 1 say "Invoice" in a string subject, those
    // with i % 4 == 3 only inside an object (not text, so no match): more than the trigram index lists.
    const mail = (i: number) => ({
      _id: `s${i}`,
      tenantId: `t${i % 2}`,
      subject: i % 4 < 2 ? `Invoice ${i}` : { nested: 'invoice' },
      to: `user${i}@example.com`,
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
    });
    let db: Database.Database;
    let reopened: Store;
    beforeAll(async () => {
      const store = await createSqliteStore({ file: scopedFile });
      const c = store.collection<Doc>('mails');
      await c.createIndex({ tenantId: 1, createdAt: -1 });
      await c.createIndex({ subject: 1, to: 1 }, { text: true, within: ['tenantId'] });
      await c.insertMany(Array.from({ length: 24_000 }, (_, i) => mail(i)));
      await store.close();
      reopened = await createSqliteStore({ file: scopedFile });
      db = new Database(scopedFile, { readonly: true });
    });
    afterAll(async () => {
      db.close();
      await reopened.close();
    });
    const search = (text: string) => ({ tenantId: 't1', $contains: { paths: ['subject', 'to'], text } });

    it('after a reopen, counts a common word exactly (strings only), with and without a limit', async () => {
      const c = reopened.collection<Doc>('mails');
      expect(await c.count(search('INVOICE'))).toBe(6000);
      expect(await c.count(search('invoice'), { limit: 5001 })).toBe(5001);
      const walked = db
        .prepare(`SELECT count(*) FROM mails WHERE json_extract(doc, '$.tenantId') = 't1' AND instr(json_extract(doc, '$.to'), 'r1') > 0`)
        .pluck()
        .get();
      expect(await c.count(search('r1'))).toBe(walked);
    });

    it('counts a word the trigram index cannot list through the scan index alone, and pages never use it', () => {
      const plan = (q: Query) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.params) as Array<{ detail: string }>).map((r) => r.detail).join('\n');
      const scan = {
        index: 'mails__text__subject__to__scan',
        table: 'mails__text__subject__to',
        paths: ['subject', 'to'],
        within: ['tenantId'],
      };
      const schema = (listed: number[] | undefined) => ({ arrays: new Set<string>(), textIndexes: [scan], probeText: () => listed });
      const common = countByTextScan('mails', search('invoice'), schema(undefined), [scan], 10_100);
      expect(plan(common as Query)).toContain(`USING COVERING INDEX ${scan.index}`);
      expect(countByTextScan('mails', search('invoice'), schema([1, 2]), [scan])).toBeUndefined();
      expect(countByTextScan('mails', { ...search('invoice'), status: { $ne: 'x' } }, schema(undefined), [scan])).toBeUndefined();
      const page = findSql('mails', schema(undefined), { tenantId: 't1' }, { sort: { createdAt: -1, _id: -1 }, limit: 50 });
      expect(plan(page)).not.toContain(scan.index);
      expect(plan(page)).not.toContain('TEMP B-TREE');
    });
  });

  it('refuses field paths and operators it cannot write into SQL safely', async () => {
    const store = await createSqliteStore({ file });
    const c = store.collection<Message>('messages');
    for (const bad of ["a'b", 'a b', 'a..b', '1a', 'a.$x', '_id.x', 'a"b', "x') OR 1=1 --"]) {
      await expect(c.find({ [bad]: 1 })).rejects.toThrow(/field path/);
      await expect(c.find({}, { sort: { [bad]: 1 } })).rejects.toThrow(/field path/);
      await expect(c.createIndex({ [bad]: 1 })).rejects.toThrow(/field path/);
      await expect(c.find({ $contains: { paths: [bad], text: 'x' } })).rejects.toThrow(/field path/);
    }
    await expect(c.find({ $where: 'true' })).rejects.toThrow(/not supported/);
    await expect(c.find({ tenantId: { $elemMatch: {} } })).rejects.toThrow(/not supported/);
    expect(() => store.collection('sqlite_master')).toThrow(/invalid collection name/);
    expect(() => store.collection('../x')).toThrow(/invalid collection name/);
    await store.close();
  });

  it('createStore without a MongoDB URL opens one SQLite file in the given folder', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'config-'));
    const store = await createStore({ dir });
    await store.collection<Doc>('things').insertOne({ _id: 't' });
    await store.close();
    expect(fs.readdirSync(dir)).toEqual([SQLITE_FILE]);
  });
});

describe('sqlite group commit', () => {
  it('when writes arrive in one turn, then they commit together, each acknowledged only once committed, and a failing one undoes only itself', async () => {
    const file = path.join(root, 'group.sqlite3');
    const store = await createSqliteStore({ file });
    const notes = store.collection<Doc & { n: number }>('notes');
    await notes.insertOne({ _id: 'taken', n: -1 });
    const outside = new Database(file, { readonly: true });
    const committedIds = () =>
      (outside.prepare('SELECT id FROM notes ORDER BY id').pluck().all() as string[]).filter((id) => id !== 'taken');

    const acknowledged: string[] = [];
    const writes = Array.from({ length: 20 }, (_, i) => {
      const id = i === 7 ? 'taken' : `n${String(i).padStart(2, '0')}`;
      return notes.insertOne({ _id: id, n: i }).then(() => {
        acknowledged.push(id);
        return committedIds();
      });
    });
    expect(committedIds()).toEqual([]);
    const seenAtAcknowledgement = await Promise.allSettled(writes);

    expect(seenAtAcknowledgement[7]).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ name: 'DuplicateKeyError' }) });
    const expected = Array.from({ length: 20 }, (_, i) => `n${String(i).padStart(2, '0')}`).filter((id) => id !== 'n07');
    expect(acknowledged.sort()).toEqual(expected);
    for (const result of seenAtAcknowledgement.filter((r) => r.status === 'fulfilled')) expect(result.value).toEqual(expected);
    expect((await notes.findOne({ _id: 'taken' }))?.n).toBe(-1);
    outside.close();
    await store.close();
  });

  it('when a write settles `with-next-write`, then it answers before its commit, and the next committed write carries it', async () => {
    const file = path.join(root, 'with-next-write.sqlite3');
    const store = await createSqliteStore({ file });
    const counters = store.collection<Doc & { n: number }>('counters');
    await counters.insertOne({ _id: 'rate', n: 0 });
    const outside = new Database(file, { readonly: true });
    const stored = (id: string) =>
      JSON.parse((outside.prepare('SELECT doc FROM counters WHERE id = ?').pluck().get(id) as string) ?? 'null');

    const taken = await counters.findOneAndUpdate({ _id: 'rate', n: { $lt: 5 } }, { $inc: { n: 1 } }, { durability: 'with-next-write' });
    expect(taken?.n).toBe(1);
    expect(stored('rate')).toEqual({ n: 0 });

    await counters.insertOne({ _id: 'message', n: 1 });
    expect(stored('rate')).toEqual({ n: 1 });
    expect(stored('message')).toEqual({ n: 1 });
    outside.close();
    await store.close();
  });
});

describe('sqlite checkpoints', () => {
  it('while the store is open, then the write-ahead log is copied into the database file by the checkpointer', async () => {
    const file = path.join(root, 'checkpoint.sqlite3');
    const store = await createSqliteStore({ file, checkpointEveryMs: 20 });
    const notes = store.collection<Doc & { text: string }>('notes');
    const before = fs.statSync(file).size;
    await notes.insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: `n${i}`, text: 'x'.repeat(1000) })));
    // Commits never checkpoint by themselves (wal_autocheckpoint = 0): only the thread can grow the file.
    for (let waited = 0; fs.statSync(file).size < before + 1_000_000 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(fs.statSync(file).size).toBeGreaterThan(before + 1_000_000);
    await store.close();
  });

  it('when two stores are open and one closes, then the other is still checkpointed (one thread serves them all)', async () => {
    const closing = await createSqliteStore({ file: path.join(root, 'closing.sqlite3'), checkpointEveryMs: 20 });
    const file = path.join(root, 'staying.sqlite3');
    const store = await createSqliteStore({ file, checkpointEveryMs: 20 });
    await closing.close();
    const before = fs.statSync(file).size;
    await store
      .collection<Doc & { text: string }>('notes')
      .insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: `n${i}`, text: 'x'.repeat(1000) })));
    for (let waited = 0; fs.statSync(file).size < before + 1_000_000 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(fs.statSync(file).size).toBeGreaterThan(before + 1_000_000);
    await store.close();
  });
});

it('when a script closes its store and has nothing else to do, then close still completes before the process exits', () => {
  const file = path.join(root, 'exit.sqlite3');
  const script = `const { createSqliteStore } = require(${JSON.stringify(path.join(__dirname, '../src'))});
    (async () => {
      const store = await createSqliteStore({ file: ${JSON.stringify(file)} });
      await store.collection('notes').insertOne({ _id: 'n1' });
      await store.close();
      console.log('closed');
    })();`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
  expect(out.trim()).toBe('closed');
});

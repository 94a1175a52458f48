import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStore, type Doc } from '../src';

interface Account extends Doc {
  email: string;
  n: number;
  at: Date;
  tags: string[];
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-migrate-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const account = (i: number): Account => ({
  _id: `a${i}`,
  email: `${i}@example.com`,
  n: i,
  at: new Date(Date.UTC(2024, 0, i + 1)),
  tags: [`t${i}`],
});

// A document line as nedb wrote it: JSON, Dates as {"$$date": ms}.
const line = (doc: object) =>
  JSON.stringify(doc, function (this: Record<string, unknown>, key) {
    const raw = this[key];
    return raw instanceof Date ? { $$date: raw.getTime() } : raw;
  });

/**
 * A nedb folder as the former embedded default leaves it (nedb's append-only format, written here line by line):
 * an index definition, inserts, an update and a delete appended after them, never compacted.
 */
function nedbFolder(): string {
  const dir = fs.mkdtempSync(path.join(root, 'data-'));
  const accounts = [
    line({ $$indexCreated: { fieldName: 'email', unique: true, sparse: false } }),
    ...[0, 1, 2, 3, 4].map((i) => line(account(i))),
    line({ ...account(1), email: 'changed@example.com', n: 11 }),
    line({ $$deleted: true, _id: 'a2' }),
  ];
  fs.writeFileSync(path.join(dir, 'accounts.db'), `${accounts.join('\n')}\n`);
  fs.writeFileSync(path.join(dir, 'other.db'), `${line({ _id: 'o' })}\n`);
  return dir;
}

const expected = [account(0), { ...account(1), email: 'changed@example.com', n: 11 }, account(3), account(4)];

describe('import of a nedb data folder into SQLite', () => {
  it('on first open, then every collection is imported with its latest documents and the nedb files are set aside', async () => {
    const dir = nedbFolder();
    const store = await createStore({ dir });
    const accounts = store.collection<Account>('accounts');
    expect(await accounts.find({}, { sort: { _id: 1 } })).toEqual(expected);
    expect(await accounts.count({ tags: 't3' })).toBe(1);
    expect(await store.collection<Doc>('other').find({})).toEqual([{ _id: 'o' }]);
    await store.close();
    expect(fs.readdirSync(dir).sort()).toEqual(['accounts.db.migrated', 'other.db.migrated', 'store.sqlite3']);

    const again = await createStore({ dir });
    expect(await again.collection<Account>('accounts').count({})).toBe(4);
    await again.close();
  });

  it('when the import fails, then nothing of that file is kept and the next start imports it whole', async () => {
    const dir = nedbFolder();
    const file = path.join(dir, 'accounts.db');
    const good = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, `${good}{not json\n{not json\n{not json\n`);
    await expect(createStore({ dir })).rejects.toThrow(/not imported/);
    expect(fs.existsSync(file)).toBe(true);

    fs.writeFileSync(file, good);
    const store = await createStore({ dir });
    expect(await store.collection<Account>('accounts').find({}, { sort: { _id: 1 } })).toEqual(expected);
    await store.close();
  });

  it('when it stopped between the commit and the rename, then the file is set aside without importing it twice', async () => {
    const dir = nedbFolder();
    const first = await createStore({ dir });
    await first.collection<Account>('accounts').updateOne({ _id: 'a0' }, { $set: { n: 100 } });
    await first.close();
    fs.renameSync(path.join(dir, 'accounts.db.migrated'), path.join(dir, 'accounts.db'));

    const second = await createStore({ dir });
    expect(await second.collection<Account>('accounts').findOne({ _id: 'a0' })).toMatchObject({ n: 100 });
    await second.close();
    expect(fs.existsSync(path.join(dir, 'accounts.db'))).toBe(false);
  });
});

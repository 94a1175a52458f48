import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createNedbStore, type Doc } from '../src';
import { storeContract } from './contract';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-nedb-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

storeContract('nedb', () => createNedbStore({ dir: root }), { ttl: { kind: 'on-read' }, oneConnection: true });

describe('nedb store files', () => {
  const lines = (dir: string, name: string) =>
    fs
      .readFileSync(path.join(dir, `${name}.db`), 'utf8')
      .trim()
      .split('\n').length;

  async function churn(dir: string, compactEveryMs?: number) {
    const store = createNedbStore({ dir, compactEveryMs });
    const c = store.collection<Doc & { n: number }>('churn');
    await c.insertOne({ _id: 'one', n: 0 });
    for (let i = 0; i < 20; i++) await c.updateOne({ _id: 'one' }, { $inc: { n: 1 } });
    return store;
  }

  it('when the store closes, then each collection file holds one line per document', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'close-'));
    const store = await churn(dir);
    expect(lines(dir, 'churn')).toBe(21);
    await store.close();
    expect(lines(dir, 'churn')).toBe(1);
  });

  it('while the store is open, then files are compacted periodically', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'timer-'));
    const store = await churn(dir, 20);
    for (let waited = 0; lines(dir, 'churn') > 1 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(lines(dir, 'churn')).toBe(1);
    await store.close();
  });

  it('when writes and compactions interleave, then every write is in the file, without waiting for a clean close', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'interleave-'));
    const store = createNedbStore({ dir, compactEveryMs: 25 });
    const c = store.collection<Doc & { n: number }>('mixed');
    for (let i = 0; i < 200; i++) {
      await c.insertOne({ _id: `d${i}`, n: i });
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 30));
    }
    // Read the file as a crash would leave it: the store is still open, its last compaction not run.
    const ids = new Set(
      fs
        .readFileSync(path.join(dir, 'mixed.db'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)._id)
        .filter(Boolean),
    );
    expect(ids.size).toBe(200);
    await store.close();
  });

  it('refuses collection names that are not plain file names', () => {
    const store = createNedbStore({ dir: root });
    expect(() => store.collection('../escape')).toThrow(/invalid collection name/);
    return store.close();
  });
});

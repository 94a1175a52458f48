import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeWithPostgres } from '../../../test/support/postgres-env';
import { createBlobStore, createFileBlobStore, createGridFsBlobStore, createSqliteBlobStore, type BlobStore } from '../src';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-blobs-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function blobContract(name: string, open: () => Promise<BlobStore>) {
  describe(`blob store: ${name}`, () => {
    let blobs: BlobStore;
    beforeAll(async () => {
      blobs = await open();
    });
    afterAll(() => blobs.close());

    it('when a blob is written, then it reads back byte for byte, and a missing key reads null', async () => {
      const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
      await blobs.put('msg_one', data);
      expect((await blobs.get('msg_one'))?.equals(data)).toBe(true);
      expect(await blobs.get('msg_never')).toBeNull();
    });

    it('when a key is written again, then the new bytes replace the old whole', async () => {
      await blobs.put('msg_twice', Buffer.from('first, and longer'));
      await blobs.put('msg_twice', Buffer.from('second'));
      expect((await blobs.get('msg_twice'))?.toString()).toBe('second');
    });

    it('when a blob is deleted, then it is gone, and deleting again says so', async () => {
      await blobs.put('msg_gone', Buffer.from('x'));
      expect(await blobs.delete('msg_gone')).toBe(true);
      expect(await blobs.get('msg_gone')).toBeNull();
      expect(await blobs.delete('msg_gone')).toBe(false);
    });

    it('when the keys are scanned slice by slice, then a pass finds every blob written before the given time, and only those', async () => {
      const scanAll = async (before: Date) => {
        const found: string[] = [];
        let cursor: string | undefined;
        do {
          const slice = await blobs.scan(before, cursor);
          found.push(...slice.keys);
          cursor = slice.cursor;
        } while (cursor);
        return found;
      };
      const start = new Date(Date.now() - 1000);
      const keys = Array.from({ length: 30 }, (_, i) => `msg_scan_${i}`);
      for (const key of keys) await blobs.put(key, Buffer.from(key));
      const later = new Date(Date.now() + 1000);
      expect((await scanAll(later)).filter((k) => k.startsWith('msg_scan_')).sort()).toEqual([...keys].sort());
      expect((await scanAll(start)).filter((k) => k.startsWith('msg_scan_'))).toEqual([]);
    });

    it('when two deletes of one key race, then exactly one of them says it deleted it', async () => {
      for (let round = 0; round < 10; round++) {
        await blobs.put(`msg_race_${round}`, Buffer.from('x'));
        const results = await Promise.all([blobs.delete(`msg_race_${round}`), blobs.delete(`msg_race_${round}`)]);
        expect(results.sort()).toEqual([false, true]);
        expect(await blobs.get(`msg_race_${round}`)).toBeNull();
      }
    });

    it('when a key could escape its folder, then it is refused', async () => {
      await expect(blobs.put('../etc', Buffer.from('x'))).rejects.toThrow('invalid blob key');
      await expect(blobs.get('a/b')).rejects.toThrow('invalid blob key');
    });
  });
}

blobContract('sqlite (the embedded default)', () => createBlobStore({ dir: root }, 'bodies'));
blobContract('files', async () => createFileBlobStore(path.join(root, 'files')));

const url = process.env.MONGODB_URL;
if (url) blobContract('gridfs', () => createGridFsBlobStore({ url, dbName: `blobs_${process.pid}`, bucket: 'bodies' }));
describeWithPostgres('blobs in PostgreSQL', (postgresUrl) => {
  blobContract('postgres', () => createBlobStore({ postgresUrl, schema: `blobs_${process.pid}` }, 'bodies'));
});

it('when a file blob store is written, then no temporary file is left beside the blobs', async () => {
  const blobs = createFileBlobStore(path.join(root, 'tmpcheck'));
  for (let i = 0; i < 20; i++) await blobs.put(`msg_${i}`, Buffer.from(String(i)));
  const left = fs.readdirSync(path.join(root, 'tmpcheck'), { recursive: true }).map(String);
  expect(left.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  expect(left.filter((f) => path.basename(f).startsWith('msg_'))).toHaveLength(20);
});

it('when blobs were written as files by an earlier version, then the SQLite store reads, sweeps and deletes them, and writes only rows', async () => {
  const dir = path.join(root, 'upgrade');
  const files = createFileBlobStore(path.join(dir, 'blobs', 'bodies'));
  await files.put('msg_old', Buffer.from('old body'));
  await files.put('msg_both', Buffer.from('old copy'));
  await files.close();

  const blobs = await createBlobStore({ dir }, 'bodies');
  await blobs.put('msg_new', Buffer.from('new body'));
  await blobs.put('msg_both', Buffer.from('new copy'));
  expect((await blobs.get('msg_old'))?.toString()).toBe('old body');
  expect((await blobs.get('msg_both'))?.toString()).toBe('new copy');

  const swept: string[] = [];
  let cursor: string | undefined;
  do {
    const slice = await blobs.scan(new Date(Date.now() + 1000), cursor);
    swept.push(...slice.keys);
    cursor = slice.cursor;
  } while (cursor);
  expect(swept.sort()).toEqual(['msg_both', 'msg_both', 'msg_new', 'msg_old']);

  expect(await blobs.delete('msg_both')).toBe(true);
  expect(await blobs.get('msg_both')).toBeNull();
  expect(await blobs.delete('msg_old')).toBe(true);
  expect(await blobs.get('msg_old')).toBeNull();
  await blobs.close();
  const left = fs.readdirSync(path.join(dir, 'blobs', 'bodies'), { recursive: true }).map(String);
  expect(left.filter((f) => path.basename(f).startsWith('msg_'))).toEqual([]);
});

it('when a SQLite blob store is reopened, then what was put is still there', async () => {
  const file = path.join(root, 'reopen', 'bodies.sqlite3');
  const first = createSqliteBlobStore(file);
  await first.put('msg_kept', Buffer.from('kept'));
  await first.close();
  const second = createSqliteBlobStore(file);
  expect((await second.get('msg_kept'))?.toString()).toBe('kept');
  await second.close();
});

it('when a SQLite blob store holds more than one slice, then a pass returns every key exactly once', async () => {
  const blobs = createSqliteBlobStore(path.join(root, 'slices', 'bodies.sqlite3'));
  const keys = Array.from({ length: 2_345 }, (_, i) => `msg_${String(i).padStart(5, '0')}`);
  for (const key of keys) await blobs.put(key, Buffer.from(key));
  const swept: string[] = [];
  let [cursor, slices] = [undefined as string | undefined, 0];
  do {
    const slice = await blobs.scan(new Date(Date.now() + 1000), cursor);
    swept.push(...slice.keys);
    cursor = slice.cursor;
    slices++;
  } while (cursor);
  expect(swept).toEqual(keys);
  expect(slices).toBeGreaterThan(2);
  await blobs.close();
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBlobStore, createGridFsBlobStore, type BlobStore } from '../src';

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

    it('when a key could escape its folder, then it is refused', async () => {
      await expect(blobs.put('../etc', Buffer.from('x'))).rejects.toThrow('invalid blob key');
      await expect(blobs.get('a/b')).rejects.toThrow('invalid blob key');
    });
  });
}

blobContract('files', () => createBlobStore({ dir: root }, 'bodies'));

const url = process.env.MONGODB_URL;
if (url) blobContract('gridfs', () => createGridFsBlobStore({ url, dbName: `blobs_${process.pid}`, bucket: 'bodies' }));

it('when a file blob store is written, then no temporary file is left beside the blobs', async () => {
  const blobs = await createBlobStore({ dir: path.join(root, 'tmpcheck') }, 'bodies');
  for (let i = 0; i < 20; i++) await blobs.put(`msg_${i}`, Buffer.from(String(i)));
  const left = fs.readdirSync(path.join(root, 'tmpcheck', 'blobs', 'bodies'), { recursive: true }).map(String);
  expect(left.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  expect(left.filter((f) => path.basename(f).startsWith('msg_'))).toHaveLength(20);
});

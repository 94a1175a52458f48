import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, type BlobStore } from './blob-port';

/** One file per blob in 256 fan-out folders; a write renames a temporary over the target, so a crash leaves old or new bytes. */
export function createFileBlobStore(dir: string): BlobStore {
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(dir, createHash('sha1').update(key).digest('hex').slice(0, 2), key);
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    async put(key, data) {
      const file = fileOf(key);
      const temporary = path.join(path.dirname(file), `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        // The folder exists but for the first blobs of a store: create it only when the write says it is missing.
        await fs.writeFile(temporary, data).catch(async (err: unknown) => {
          if (!missing(err)) throw err;
          await fs.mkdir(path.dirname(file), { recursive: true });
          await fs.writeFile(temporary, data);
        });
        await fs.rename(temporary, file);
      } catch (err) {
        await fs.rm(temporary, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      try {
        await fs.unlink(fileOf(key));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    // A slice is one of the 256 folders; a temporary file left by a crash mid-write is removed on the way.
    async scan(before, cursor = '00') {
      const folder = path.join(dir, cursor);
      const entries = await fs.readdir(folder).catch((err: unknown) => (missing(err) ? [] : Promise.reject(err)));
      const keys: string[] = [];
      for (const name of entries) {
        const stat = await fs.stat(path.join(folder, name)).catch((err: unknown) => (missing(err) ? null : Promise.reject(err)));
        if (!stat || stat.mtime >= before) continue;
        if (name.startsWith('.')) await fs.rm(path.join(folder, name), { force: true });
        else keys.push(name);
      }
      const next = parseInt(cursor, 16) + 1;
      return { keys, cursor: next < 256 ? next.toString(16).padStart(2, '0') : undefined };
    },
    async close() {},
  };
}

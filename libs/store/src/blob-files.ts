import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, type BlobStore } from './blob-port';

/**
 * One file per blob under `dir`, fanned out over 256 folders so none grows huge. A write goes to a temporary
 * file renamed over the target, so a crash leaves the old bytes or the new ones, never half of them.
 */
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
    async close() {},
  };
}

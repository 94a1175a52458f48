import path from 'node:path';
import { createFileBlobStore } from './blob-files';
import { createGridFsBlobStore } from './blob-gridfs';
import type { BlobStore } from './blob-port';
import { createSqliteBlobStore } from './blob-sqlite';

/**
 * Where a service keeps its cold bytes: a GridFS bucket beside its MongoDB collections, or a SQLite file under
 * its data dir (`blobs/<bucket>.sqlite3`), still reading the files earlier versions wrote under `blobs/<bucket>/`.
 */
export async function createBlobStore(
  config: { mongodbUrl: string; dbName: string } | { dir: string },
  bucket: string,
): Promise<BlobStore> {
  return 'mongodbUrl' in config
    ? createGridFsBlobStore({ url: config.mongodbUrl, dbName: config.dbName, bucket })
    : createSqliteBlobStore(
        path.join(config.dir, 'blobs', `${bucket}.sqlite3`),
        createFileBlobStore(path.join(config.dir, 'blobs', bucket)),
      );
}

import path from 'node:path';
import { createFileBlobStore } from './blob-files';
import { createGridFsBlobStore } from './mongo/blobs';
import type { BlobStore } from './blob-port';
import { createPostgresBlobStore } from './postgres/blobs';
import { createSqliteBlobStore } from './sqlite/blobs';
import type { StoreConfig } from './create-store';

/**
 * Where a service keeps its cold bytes: a table beside its PostgreSQL collections, a GridFS bucket beside its
 * MongoDB ones, or a SQLite file under its data dir (`blobs/<bucket>.sqlite3`), still reading the files earlier
 * versions wrote under `blobs/<bucket>/`.
 */
export async function createBlobStore(config: StoreConfig, bucket: string): Promise<BlobStore> {
  if ('postgresUrl' in config)
    return createPostgresBlobStore({ url: config.postgresUrl, schema: config.schema, bucket, poolSize: config.poolSize });
  return 'mongodbUrl' in config
    ? createGridFsBlobStore({ url: config.mongodbUrl, dbName: config.dbName, bucket })
    : createSqliteBlobStore(
        path.join(config.dir, 'blobs', `${bucket}.sqlite3`),
        createFileBlobStore(path.join(config.dir, 'blobs', bucket)),
      );
}

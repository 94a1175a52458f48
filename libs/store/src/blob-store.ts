import path from 'node:path';
import { createFileBlobStore } from './blob-files';
import { createGridFsBlobStore } from './mongo/blobs';
import type { BlobStore } from './blob-port';
import { createPostgresBlobStore } from './postgres/blobs';
import { createSqliteBlobStore } from './sqlite/blobs';
import type { StoreConfig } from './create-store';

/** A PostgreSQL table, a GridFS bucket, or `blobs/<bucket>.sqlite3`, which still reads the older `blobs/<bucket>/` files. */
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

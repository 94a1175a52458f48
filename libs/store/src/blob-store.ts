import path from 'node:path';
import { createFileBlobStore } from './blob-files';
import { createGridFsBlobStore } from './blob-gridfs';
import type { BlobStore } from './blob-port';

/** Where a service keeps its cold bytes: a GridFS bucket beside its MongoDB collections, or files under its data dir. */
export async function createBlobStore(
  config: { mongodbUrl: string; dbName: string } | { dir: string },
  bucket: string,
): Promise<BlobStore> {
  return 'mongodbUrl' in config
    ? createGridFsBlobStore({ url: config.mongodbUrl, dbName: config.dbName, bucket })
    : createFileBlobStore(path.join(config.dir, 'blobs', bucket));
}

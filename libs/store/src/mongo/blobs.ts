import type { ObjectId } from 'mongodb';
import { mongodb } from './store';
import { assertBlobKey, type BlobStore } from '../blob-port';

const SCAN_SLICE = 1000;

/** GridFS (documents cap at 16 MB): a put uploads a new file named by the key, then removes older ones, so reads find a whole file. */
export async function createGridFsBlobStore({ url, dbName, bucket }: { url: string; dbName: string; bucket: string }): Promise<BlobStore> {
  const { GridFSBucket, MongoClient, ObjectId } = mongodb();
  const client = new MongoClient(url, { writeConcern: { w: 'majority', journal: true } });
  await client.connect();
  const files = new GridFSBucket(client.db(dbName), { bucketName: bucket });
  await client.db(dbName).collection(`${bucket}.files`).createIndex({ filename: 1, uploadDate: -1 });
  const versions = (key: string) => files.find({ filename: key }, { sort: { uploadDate: -1, _id: -1 } }).toArray();
  // Another replica may remove the same version at once (a put, the retention sweep): not an error, only not ours to count.
  const remove = async (id: ObjectId): Promise<boolean> => {
    try {
      await files.delete(id);
      return true;
    } catch (e) {
      if (/File not found/.test(String((e as Error | null)?.message))) return false;
      throw e;
    }
  };
  return {
    async put(key, data) {
      assertBlobKey(key);
      const upload = files.openUploadStream(key);
      await new Promise<void>((resolve, reject) =>
        upload
          .once('finish', () => resolve())
          .once('error', reject)
          .end(data),
      );
      for (const older of (await versions(key)).filter((f) => !f._id.equals(upload.id))) await remove(older._id);
    },
    async get(key) {
      assertBlobKey(key);
      const [latest] = await versions(key);
      if (!latest) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of files.openDownloadStream(latest._id)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async delete(key) {
      assertBlobKey(key);
      let deleted = false;
      for (const file of await versions(key)) deleted = (await remove(file._id)) || deleted;
      return deleted;
    },
    async scan(before, cursor) {
      const after = cursor ? { _id: { $gt: new ObjectId(cursor) } } : {};
      const slice = await files
        .find({ uploadDate: { $lt: before }, ...after }, { sort: { _id: 1 }, limit: SCAN_SLICE, projection: { filename: 1 } })
        .toArray();
      const last = slice[slice.length - 1];
      return { keys: slice.map((f) => f.filename), cursor: slice.length === SCAN_SLICE ? last._id.toHexString() : undefined };
    },
    close: () => client.close(),
  };
}

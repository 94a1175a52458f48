import type { Durability } from './port';

/**
 * Large, cold bytes kept apart from the records that name them (message bodies and attachments): written
 * once, read rarely, deleted by retention. Keys are the owner's ids (`[A-Za-z0-9_-]`, at most 128 characters).
 */
export interface BlobStore {
  /**
   * Durable once it resolves, or with `with-next-write` no later than the next write that settles `committed` in
   * the store of the same configuration (a record naming the blob, written after it, carries it); engines whose
   * blobs commit on their own make it durable at once. Writing a key again replaces it whole (readers see the old
   * or the new bytes).
   */
  put(key: string, data: Buffer, options?: { durability?: Durability }): Promise<void>;
  /** Null when the key was never written or has been deleted. */
  get(key: string): Promise<Buffer | null>;
  /** Whether there was something to delete. */
  delete(key: string): Promise<boolean>;
  /**
   * One slice of the keys last written before `before` (a sweep's pass: call again with the returned cursor
   * until it comes back undefined). Slices are small, so a pass over millions of blobs can run a bit at a time.
   */
  scan(before: Date, cursor?: string): Promise<{ keys: string[]; cursor: string | undefined }>;
  close(): Promise<void>;
}

const BLOB_KEY = /^[A-Za-z0-9_-]{1,128}$/;

export function assertBlobKey(key: string): void {
  if (!BLOB_KEY.test(key)) throw new Error(`invalid blob key "${key.slice(0, 40)}"`);
}

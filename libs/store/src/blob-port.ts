import type { Durability } from './port';

/** Large, cold bytes apart from their records (bodies, attachments). Keys are the owner's ids: `[A-Za-z0-9_-]`, at most 128. */
export interface BlobStore {
  /**
   * Durable once it resolves; with `with-next-write`, no later than the next `committed` write of the same configuration's
   * store (the record naming the blob, written after it). Writing a key again replaces it whole.
   */
  put(key: string, data: Buffer, options?: { durability?: Durability }): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<boolean>;
  /** One small slice of the keys last written before `before`; call again with the cursor until it comes back undefined. */
  scan(before: Date, cursor?: string): Promise<{ keys: string[]; cursor: string | undefined }>;
  close(): Promise<void>;
}

const BLOB_KEY = /^[A-Za-z0-9_-]{1,128}$/;

export function assertBlobKey(key: string): void {
  if (!BLOB_KEY.test(key)) throw new Error(`invalid blob key "${key.slice(0, 40)}"`);
}

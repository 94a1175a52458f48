import type { BlobStore } from '@mailplane/store';
import type { MessageBody } from './message-record';

// The version lets a later, more compact encoding (binary attachments) sit beside blobs already written.
interface StoredBody extends MessageBody {
  v: 1;
}

/** Message bodies in the blob store, one blob per message, keyed by the message id; JSON, attachments stay base64. */
export function bodiesRepo(blobs: BlobStore) {
  return {
    /**
     * Answers before the body is durable: it is saved just before the record that names it, whose commit carries
     * it (a crash before that loses a body no record names, which retention would delete anyway).
     */
    save: (messageId: string, body: MessageBody) =>
      blobs.put(messageId, Buffer.from(JSON.stringify({ v: 1, ...body } satisfies StoredBody)), { durability: 'with-next-write' }),
    /** Null when the body was never written or retention deleted it. */
    async load(messageId: string): Promise<MessageBody | null> {
      const bytes = await blobs.get(messageId);
      if (!bytes) return null;
      const { text, html, attachments, variables } = JSON.parse(bytes.toString('utf8')) as StoredBody;
      return { text, html, attachments, ...(variables ? { variables } : {}) };
    },
    /** Deleting a body already gone is not an error: retention repeats it after a crash. */
    remove: (messageId: string) => blobs.delete(messageId),
    /** A slice of the message ids whose bodies were written before `before`; see BlobStore.scan. */
    scan: (before: Date, cursor?: string) => blobs.scan(before, cursor),
  };
}
export type BodiesRepo = ReturnType<typeof bodiesRepo>;

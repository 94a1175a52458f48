import type { BlobStore } from '@mailplane/store';
import type { MessageBody } from './message-record';

// The version lets a later, more compact encoding (binary attachments) sit beside blobs already written.
interface StoredBody extends MessageBody {
  v: 1;
}

export function bodiesRepo(blobs: BlobStore) {
  return {
    /** Answers before durable: the record that names the body is written next, and its commit carries it. */
    save: (messageId: string, body: MessageBody) =>
      blobs.put(messageId, Buffer.from(JSON.stringify({ v: 1, ...body } satisfies StoredBody)), { durability: 'with-next-write' }),
    async load(messageId: string): Promise<MessageBody | null> {
      const bytes = await blobs.get(messageId);
      if (!bytes) return null;
      const { text, html, attachments, variables } = JSON.parse(bytes.toString('utf8')) as StoredBody;
      return { text, html, attachments, ...(variables ? { variables } : {}) };
    },
    /** Deleting a body already gone is not an error: retention repeats it after a crash. */
    remove: (messageId: string) => blobs.delete(messageId),
    scan: (before: Date, cursor?: string) => blobs.scan(before, cursor),
  };
}
export type BodiesRepo = ReturnType<typeof bodiesRepo>;

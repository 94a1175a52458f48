import type { BlobStore } from '@mailplane/store';

/** Received messages as they came (RFC 5322 bytes), in mail's blob store under their `inb_` id, deleted by retention. */
export function inboundBodiesRepo(blobs: BlobStore) {
  return {
    save: (id: string, raw: Buffer) => blobs.put(id, raw),
    /** Null once retention deleted it. */
    load: (id: string) => blobs.get(id),
    remove: (id: string) => blobs.delete(id),
  };
}
export type InboundBodiesRepo = ReturnType<typeof inboundBodiesRepo>;

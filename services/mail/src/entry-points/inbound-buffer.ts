import type { Readable } from 'node:stream';

export type Buffered = { raw: Buffer; release(): void } | { refused: 'too-big' | 'no-room'; bytes: number };

/** Bounds what all sessions hold at once: messages are buffered whole, so slow senders would otherwise hold memory without end. */
export function sharedBuffer(limit: number) {
  let held = 0;
  return {
    full: () => held >= limit,
    /** Read to the end even when refused, so the session stays in step; rejects when the client goes away first. */
    async read(stream: Readable, max: number): Promise<Buffered> {
      const chunks: Buffer[] = [];
      let size = 0;
      let mine = 0;
      let noRoom = false;
      const release = () => {
        held -= mine;
        mine = 0;
        chunks.length = 0;
      };
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > max || noRoom) continue;
          if (held + chunk.length > limit) {
            noRoom = true;
            release();
            continue;
          }
          held += chunk.length;
          mine += chunk.length;
          chunks.push(chunk);
        }
      } catch (err) {
        release();
        throw err;
      }
      const tooBig = size > max || (stream as Readable & { sizeExceeded?: boolean }).sizeExceeded === true;
      if (tooBig || noRoom) {
        release();
        return { refused: tooBig ? 'too-big' : 'no-room', bytes: size };
      }
      return { raw: Buffer.concat(chunks), release };
    },
  };
}

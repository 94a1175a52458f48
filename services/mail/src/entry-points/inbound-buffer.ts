import type { Readable } from 'node:stream';

/** What reading a message's DATA came to: its bytes (give them back once done with them), or why not and how many came. */
export type Buffered = { raw: Buffer; release(): void } | { refused: 'too-big' | 'no-room'; bytes: number };

/**
 * The bytes every inbound session holds at once, up to `limit`: a message is buffered whole before it is read and
 * stored, so without a bound on their sum many slow senders hold memory without end.
 */
export function sharedBuffer(limit: number) {
  let held = 0;
  return {
    /** Whether a new transaction should wait: the sessions hold all they may. */
    full: () => held >= limit,
    /**
     * The stream's bytes, refused past `max` (this message) or once all sessions together would hold more than the
     * limit; read to its end all the same, so the session stays in step. Rejects when the client goes away first.
     */
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

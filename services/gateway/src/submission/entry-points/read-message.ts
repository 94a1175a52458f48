import type { Readable } from 'node:stream';
import { refuse } from '../domain/refusal';

/** Message bytes the listener holds at once, over every session. */
export function bufferBudget(maxBytes: number) {
  let held = 0;
  return {
    take(n: number): boolean {
      if (held + n > maxBytes) return false;
      held += n;
      return true;
    },
    give(n: number): void {
      held -= n;
    },
  };
}
export type BufferBudget = ReturnType<typeof bufferBudget>;

/**
 * Reads a message's DATA to its end (so the session stays in step whatever the answer), holding its bytes against the
 * listener's budget until `release`. Over `maxBytes` it is `552 5.3.4` after the final dot, however large; with the
 * budget spent, `451 4.3.1` (the client tries again later). Once the answer is one of these, what was held is given
 * back and the rest of the message is read and discarded, never buffered. A client that drops mid-DATA rejects
 * the read: nothing of the message goes further.
 */
export async function readMessage(stream: Readable, maxBytes: number, budget: BufferBudget): Promise<{ raw: Buffer; release(): void }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let held = 0;
  let noRoom = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= maxBytes && !noRoom) {
        if (budget.take(chunk.length)) {
          held += chunk.length;
          chunks.push(chunk);
          continue;
        }
        noRoom = true;
      }
      // The answer is decided (too big, or no room): nothing more of this message is held.
      budget.give(held);
      held = 0;
      chunks.length = 0;
    }
  } catch (err) {
    budget.give(held);
    throw err;
  }
  const release = () => budget.give(held);
  if (size > maxBytes || (stream as Readable & { sizeExceeded?: boolean }).sizeExceeded) {
    release();
    throw refuse(552, '5.3.4', `Message too big: at most ${maxBytes} bytes (EHLO SIZE)`);
  }
  if (noRoom) {
    release();
    throw refuse(451, '4.3.1', 'Too many messages in hand; try again shortly');
  }
  return { raw: Buffer.concat(chunks, size), release };
}

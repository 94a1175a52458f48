import type { Readable } from 'node:stream';
import { refuse } from '../domain/refusal';

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
 * Reads DATA to its end, so the session stays in step whatever the answer. Once the answer is decided (552 over
 * `maxBytes`, 451 with the budget spent), what was held is given back and the rest is discarded, never buffered.
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

import type { Readable } from 'node:stream';

/** An smtp-server handler error that answers `code message`. */
export const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * The stream's bytes, or null once it passed `max` (read to its end all the same, so the session stays in step).
 * Rejects when the client goes away before the end of the message.
 */
export async function readCapped(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size <= max) chunks.push(chunk as Buffer);
  }
  return size > max || (stream as Readable & { sizeExceeded?: boolean }).sizeExceeded ? null : Buffer.concat(chunks);
}

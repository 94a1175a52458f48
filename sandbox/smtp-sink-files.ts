import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SinkMessage } from './smtp-sink-store';

/** Like a mailbox server's retention: the newest messages are kept across restarts, older ones are let go. */
export const KEPT_MESSAGES = 1000;

type Stored = Omit<SinkMessage, 'raw' | 'receivedAt'> & { receivedAt: string; sequence: number };

/**
 * The sink's mailbox on disk: each message as its raw `.eml` and a `.json` of what was read from it. The
 * `.json` is written last, so a message cut short by a crash is not listed.
 */
export function mailboxFiles(dir: string) {
  mkdirSync(dir, { recursive: true });
  const file = (sequence: number, ext: string) => path.join(dir, `${String(sequence).padStart(12, '0')}.${ext}`);
  return {
    /** Oldest first, with the sequence number the next message continues from. */
    load(): { messages: SinkMessage[]; lastSequence: number } {
      const sequences = readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .map((name) => Number(name.slice(0, -'.json'.length)))
        .sort((a, b) => a - b);
      for (const old of sequences.slice(0, -KEPT_MESSAGES)) {
        for (const ext of ['json', 'eml']) rmSync(file(old, ext), { force: true });
      }
      const messages = sequences.slice(-KEPT_MESSAGES).map((sequence) => {
        const { sequence: _sequence, receivedAt, ...stored } = JSON.parse(readFileSync(file(sequence, 'json'), 'utf8')) as Stored;
        return { ...stored, receivedAt: new Date(receivedAt), raw: readFileSync(file(sequence, 'eml')) };
      });
      return { messages, lastSequence: sequences.at(-1) ?? 0 };
    },
    async save(sequence: number, message: SinkMessage): Promise<void> {
      const { raw, receivedAt, ...rest } = message;
      await writeFile(file(sequence, 'eml'), raw);
      const stored: Stored = { ...rest, receivedAt: receivedAt.toISOString(), sequence };
      await writeFile(file(sequence, 'json'), JSON.stringify(stored));
    },
    clear() {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
    },
  };
}

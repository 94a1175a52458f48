import { open, type FileHandle } from 'node:fs/promises';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const model: { serialize(doc: unknown): string } = require('@seald-io/nedb/lib/model.js');

interface Persistence {
  filename: string;
  inMemoryOnly: boolean;
  modes: { fileMode: number };
  afterSerialization(line: string): string | Promise<string>;
  persistNewStateAsync(docs: unknown[]): Promise<void>;
  persistCachedDatabaseAsync(): Promise<void>;
}

/**
 * nedb appends every write with `appendFile`: open, write and close, three trips through libuv's thread
 * pool, one write at a time per datastore. That was most of the embedded default's time per email, so
 * the datafile stays open instead. Compaction rewrites the file under a new inode, so the handle is
 * closed first and reopened by the next write; both run one at a time in nedb's executor. Durability is
 * unchanged: nedb never fsyncs its appends.
 */
export function keepDatafileOpen(persistence: Persistence): void {
  let handle: FileHandle | null = null;
  const compact = persistence.persistCachedDatabaseAsync.bind(persistence);
  persistence.persistCachedDatabaseAsync = async () => {
    await handle?.close();
    handle = null;
    await compact();
  };
  persistence.persistNewStateAsync = async (docs) => {
    if (persistence.inMemoryOnly) return;
    let lines = '';
    for (const doc of docs) lines += (await persistence.afterSerialization(model.serialize(doc))) + '\n';
    if (lines.length === 0) return;
    handle ??= await open(persistence.filename, 'a', persistence.modes.fileMode);
    await handle.appendFile(lines, 'utf8');
  };
}

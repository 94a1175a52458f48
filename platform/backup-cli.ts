import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { backupSqliteFile, SQLITE_FILE } from '@mailplane/store';
import { loadPlatformConfig, type Env } from './config';

export const BACKUP_USAGE = `  backup <folder>                         copy DATA_DIR into a new folder while the platform runs: each SQLite
                                          store and body file by SQLite's online backup, the secrets and the
                                          certificate as they are (PostgreSQL's data: pg_dump, see the guide)`;

// The live write-ahead log and its index belong to the file being copied: the online backup already holds them.
const LIVE_FILES = /\.sqlite3-(wal|shm|journal)$/;
// A local PostgreSQL cluster's own files (the local cluster's `postgres` folder) are copied by pg_dump, not file by file.
const SKIPPED_FOLDERS = new Set(['postgres']);

/** Each folder's store is copied before its blob files, so every message in the copy has its body (bodies are written first). */
export async function backupCommand(args: string[], env: Env, log: (line: string) => void): Promise<string> {
  const config = loadPlatformConfig(env);
  if (args.length !== 1) throw new Error('usage: npm run admin -- backup <folder>');
  const target = path.resolve(args[0]);
  if (existsSync(target)) throw new Error(`${target} exists: back up into a new folder`);
  if (!existsSync(config.dataDir)) throw new Error(`DATA_DIR ${config.dataDir} does not exist`);
  const counts = { databases: 0, files: 0 };
  const copyDir = async (from: string, to: string) => {
    mkdirSync(to, { mode: 0o700 });
    chmodSync(to, statSync(from).mode & 0o777);
    const entries = readdirSync(from, { withFileTypes: true });
    const storeFirst = entries.sort((a, b) => Number(b.name === SQLITE_FILE) - Number(a.name === SQLITE_FILE));
    for (const entry of storeFirst) {
      const [source, copy] = [path.join(from, entry.name), path.join(to, entry.name)];
      if (entry.isDirectory()) {
        if (from === config.dataDir && SKIPPED_FOLDERS.has(entry.name)) log(`  skipped ${source}: use pg_dump`);
        else await copyDir(source, copy);
      } else if (!entry.isFile() || LIVE_FILES.test(entry.name) || entry.name.endsWith('.tmp')) {
        continue;
      } else if (entry.name.endsWith('.sqlite3')) {
        await backupSqliteFile(source, copy);
        counts.databases++;
      } else {
        copyFileSync(source, copy);
        chmodSync(copy, statSync(source).mode & 0o777);
        counts.files++;
      }
    }
  };
  await copyDir(config.dataDir, target);
  return `backed up ${config.dataDir} into ${target}: ${counts.databases} SQLite databases, ${counts.files} other files (secrets, certificate, legacy bodies)`;
}

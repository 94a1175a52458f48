import Database from 'better-sqlite3';

/**
 * A consistent copy of one SQLite file into `target`, taken while other connections read and write it (SQLite's
 * online backup API, as `sqlite3 <file> ".backup <target>"`): the copy holds every transaction committed when it
 * finished, write-ahead log included, and is a plain database of its own (no `-wal` file to carry along).
 */
export async function backupSqliteFile(file: string, target: string): Promise<void> {
  const db = new Database(file, { fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
}

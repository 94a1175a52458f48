import Database from 'better-sqlite3';

/** SQLite's online backup while others write: every transaction committed when it finished, WAL included, in one plain file. */
export async function backupSqliteFile(file: string, target: string): Promise<void> {
  const db = new Database(file, { fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
}

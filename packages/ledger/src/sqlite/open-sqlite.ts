import Database from 'better-sqlite3';

const WAL_ATTEMPTS = 100;
const WAL_RETRY_MS = 20;

/**
 * Opens the file with the ledger's pragmas. Switching a new file to WAL takes
 * an exclusive lock that SQLite does not wait for (no busy handler), so when
 * two processes open a new file at once one gets SQLITE_BUSY: retry briefly.
 */
export function openSqlite(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('busy_timeout = 10000');
  for (let attempt = 1; ; attempt += 1) {
    try {
      db.pragma('journal_mode = WAL'); // a no-op once the file is WAL; ':memory:' stays in memory mode
      break;
    } catch (error) {
      if (!isBusy(error) || attempt >= WAL_ATTEMPTS) {
        db.close();
        throw error;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_RETRY_MS);
    }
  }
  // NORMAL in WAL: a committed batch survives a process crash; an OS crash may lose the last ones.
  db.pragma('synchronous = NORMAL');
  // Every read is planned on the ledger's own indexes: an index SQLite builds for one statement scans a whole table
  // each time it runs (the panels list's member filter took one over every call, for a key range it already has).
  db.pragma('automatic_index = false');
  return db;
}

function isBusy(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

import type Database from 'better-sqlite3';
import { SQLITE_MIGRATIONS } from './sqlite-migrations';

/**
 * Brings the file's schema up to date inside one IMMEDIATE transaction, so a
 * second process starting at the same moment waits (busy_timeout) and then
 * finds the work done. Refuses a file written by a newer version.
 */
export function migrateSqlite(db: Database.Database): void {
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS ledger_schema (version INTEGER NOT NULL)');
    const row = db.prepare('SELECT version FROM ledger_schema').get() as { version: number } | undefined;
    const current = row?.version ?? 0;
    if (current > SQLITE_MIGRATIONS.length) {
      throw new Error(`ledger schema version ${current} is newer than this @bench/ledger knows (${SQLITE_MIGRATIONS.length}): upgrade the package`);
    }
    for (const sql of SQLITE_MIGRATIONS.slice(current)) db.exec(sql);
    if (row) db.prepare('UPDATE ledger_schema SET version = ?').run(SQLITE_MIGRATIONS.length);
    else db.prepare('INSERT INTO ledger_schema (version) VALUES (?)').run(SQLITE_MIGRATIONS.length);
  }).immediate();
}

import type { Pool } from 'pg';
import { POSTGRES_MIGRATIONS } from './postgres-migrations';
import { inTransaction } from './in-transaction';

/** An arbitrary constant naming the ledger's migration lock ("bench" + 1). */
const MIGRATION_LOCK = 0x62656e6368 + 1;

/**
 * Brings the schema up to date under a transaction-scoped advisory lock, so
 * replicas starting at once migrate one after the other and the later ones
 * find nothing to do.
 */
export async function migratePostgres(pool: Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS ledger_schema (version INTEGER NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM ledger_schema');
    const current = rows[0]?.version ?? 0;
    if (current > POSTGRES_MIGRATIONS.length) {
      throw new Error(`ledger schema version ${current} is newer than this @bench/ledger knows (${POSTGRES_MIGRATIONS.length}): upgrade the package`);
    }
    for (const sql of POSTGRES_MIGRATIONS.slice(current)) await client.query(sql);
    if (rows.length === 0) await client.query('INSERT INTO ledger_schema (version) VALUES ($1)', [POSTGRES_MIGRATIONS.length]);
    else await client.query('UPDATE ledger_schema SET version = $1', [POSTGRES_MIGRATIONS.length]);
  });
}

import Database from 'better-sqlite3';
import pg from 'pg';
import { record } from './measure.mjs';

const COLUMNS =
  'id TEXT PRIMARY KEY, time BIGINT, purpose TEXT, collection TEXT, key_name TEXT, alias TEXT, provider TEXT, status TEXT, input_tokens BIGINT, output_tokens BIGINT, reasoning_tokens BIGINT, cached_tokens BIGINT, cost DOUBLE PRECISION, seconds DOUBLE PRECISION, first_piece_seconds DOUBLE PRECISION, finish_reason TEXT, tool_calls INTEGER';

function row(i) {
  const r = record(i);
  return {
    id: r.id,
    time: r.time,
    purpose: r.purpose,
    collection: r.collection,
    key_name: r.keyName,
    alias: r.alias,
    provider: r.provider,
    status: r.status,
    input_tokens: 1200,
    output_tokens: 300,
    reasoning_tokens: 50,
    cached_tokens: 200,
    cost: 0.00024,
    seconds: r.seconds,
    first_piece_seconds: r.firstPieceSeconds,
    finish_reason: r.finishReason,
    tool_calls: 0,
  };
}

/** The write baseline for SQLite: prepared inserts into a plain table, 1,000 a transaction, same pragmas, no ledger. */
export function rawSqliteWrites(path, n) {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE calls (${COLUMNS})`);
  const keys = Object.keys(row(0));
  const insert = db.prepare(`INSERT INTO calls (${keys.join(',')}) VALUES (${keys.map((k) => `@${k}`).join(',')})`);
  const batch = db.transaction((rows) => {
    for (const r of rows) insert.run(r);
  });
  const start = performance.now();
  for (let i = 0; i < n; i += 1000) batch(Array.from({ length: Math.min(1000, n - i) }, (_, j) => row(i + j)));
  const seconds = (performance.now() - start) / 1000;
  db.close();
  return n / seconds;
}

/** The write baseline for Postgres: one multi-row insert of 1,000 into a plain table per transaction, no ledger. */
export async function rawPostgresWrites(url, n) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE raw_calls (${COLUMNS})`);
  const start = performance.now();
  for (let i = 0; i < n; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - i) }, (_, j) => row(i + j));
    await client.query('INSERT INTO raw_calls SELECT * FROM json_populate_recordset(NULL::raw_calls, $1::json)', [JSON.stringify(rows)]);
  }
  const seconds = (performance.now() - start) / 1000;
  await client.end();
  return n / seconds;
}

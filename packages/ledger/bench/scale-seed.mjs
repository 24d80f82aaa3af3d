// Seeding for the scale benchmark: the setup, not what is measured. Bulk paths straight into the ledger's own schema
// (one SQLite transaction of prepared inserts; Postgres rows generated server-side with generate_series), then the
// running totals rebuilt from the calls with the same GROUP BYs the schema migration uses.
import Database from 'better-sqlite3';
import pg from 'pg';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const ALIASES = 8;
export const SHAPES = ['general', 'code', 'math', 'writing'];
export const COLLECTIONS = ['core', 'agents', ''];
export const KEYS = ['alice', 'bob', 'carol', 'dave'];
/** The seeded calls span the 90 days before END (a whole hour). */
export const END = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
export const START = END - 90 * DAY_MS;

/** Call i of n: panels of 4 seats (unit p<i/4>), each seat a different model; one unit in 10 has a verdict on each call. */
export function seedCall(i, n) {
  const unit = Math.floor(i / 4);
  const seat = i % 4;
  return {
    id: `p${unit}.${seat}`,
    time: START + Math.floor((i * (90 * DAY_MS)) / n),
    collection: COLLECTIONS[unit % 3],
    key: KEYS[unit % 4],
    alias: `m${(unit + seat) % ALIASES}`,
    shape: SHAPES[unit % 4],
    status: i % 20 === 7 ? 'error' : 'ok',
    unit: `p${unit}`,
    verdict: unit % 10 === 0 ? i % 3 !== 0 : undefined,
  };
}

export const REBUILD_TOTALS = [
  'DELETE FROM call_totals',
  'DELETE FROM shape_totals',
  'DELETE FROM model_stats',
  `INSERT INTO call_totals (hour, collection, key_name, alias, shape, calls, failures, input_tokens, output_tokens, reasoning_tokens,
      cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT time / 3600000 * 3600000, collection, coalesce(key_name, ''), alias, shape, count(*),
      sum(CASE WHEN status IN ('ok', 'aborted') THEN 0 ELSE 1 END), sum(input_tokens), sum(output_tokens), sum(reasoning_tokens),
      sum(cached_tokens), sum(cache_write_tokens), coalesce(sum(cost), 0), coalesce(sum(seconds), 0), count(seconds),
      coalesce(sum(first_piece_seconds), 0), count(first_piece_seconds), max(time)
    FROM calls GROUP BY 1, 2, 3, 4, 5`,
  `UPDATE call_totals SET useful = v.useful, verdicts = v.verdicts FROM (
     SELECT hour, collection, key_name, alias, shape, sum(CASE WHEN useful > 0 THEN 1 ELSE 0 END) AS useful, count(*) AS verdicts
     FROM unit_verdicts WHERE total > 0 GROUP BY 1, 2, 3, 4, 5) v
   WHERE v.hour = call_totals.hour AND v.collection = call_totals.collection AND v.key_name = call_totals.key_name
     AND v.alias = call_totals.alias AND v.shape = call_totals.shape`,
  `INSERT INTO shape_totals (collection, alias, shape, calls, failures, useful, verdicts, input_tokens, output_tokens, reasoning_tokens,
      cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT collection, alias, shape, sum(calls), sum(failures), sum(useful), sum(verdicts), sum(input_tokens), sum(output_tokens),
      sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), sum(cost), sum(seconds_sum), sum(seconds_count),
      sum(first_sum), sum(first_count), max(last_used)
    FROM call_totals GROUP BY collection, alias, shape`,
  `INSERT INTO model_stats (collection, alias, useful, verdicts, calls, failures, last_used, input_tokens, output_tokens, reasoning_tokens,
      cached_tokens, cache_write_tokens, cost)
    SELECT collection, alias, sum(useful), sum(verdicts), sum(calls), sum(failures), max(last_used), sum(input_tokens), sum(output_tokens),
      sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), sum(cost)
    FROM call_totals GROUP BY collection, alias`,
];

/** Seeds n calls into a migrated ledger file (closed), then rebuilds its totals. */
export function seedSqlite(path, n) {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1000000');
  const call = db.prepare(`INSERT INTO calls (id, time, purpose, collection, key_name, alias, provider, status, input_tokens, output_tokens,
    reasoning_tokens, cached_tokens, cost, seconds, first_piece_seconds, finish_reason, tool_calls, unit, shape)
    VALUES (?, ?, 'seat', ?, ?, ?, 'local', ?, 1200, 300, 50, 200, 0.00024, 1.2, 0.3, 'stop', 0, ?, ?)`);
  const verdict = db.prepare('INSERT INTO verdicts (call, useful, note, time) VALUES (?, ?, NULL, ?)');
  const unit = db.prepare('INSERT INTO unit_verdicts (collection, alias, unit, useful, total, hour, key_name, shape) VALUES (?, ?, ?, ?, 1, ?, ?, ?)');
  const CHUNK = 200_000;
  for (let from = 0; from < n; from += CHUNK) {
    db.transaction(() => {
      for (let i = from; i < Math.min(n, from + CHUNK); i += 1) {
        const c = seedCall(i, n);
        call.run(c.id, c.time, c.collection, c.key, c.alias, c.status, c.unit, c.shape);
        if (c.verdict !== undefined) {
          verdict.run(c.id, c.verdict ? 1 : 0, c.time);
          unit.run(c.collection, c.alias, c.unit, c.verdict ? 1 : 0, Math.floor(c.time / HOUR_MS) * HOUR_MS, c.key, c.shape);
        }
      }
    })();
  }
  db.transaction(() => {
    for (const sql of REBUILD_TOTALS) db.exec(sql);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  db.close();
}

/** The same calls, generated by the server (generate_series) in chunks, then the totals rebuilt. */
export async function seedPostgres(url, n) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const span = 90 * DAY_MS;
  const CHUNK = 1_000_000;
  const row = `
    SELECT 'p' || (i / 4) || '.' || (i % 4) AS id, ${START}::bigint + (i::numeric * ${span} / ${n})::bigint AS time,
      (ARRAY['core', 'agents', ''])[((i / 4) % 3 + 1)::int] AS collection, (ARRAY['alice', 'bob', 'carol', 'dave'])[((i / 4) % 4 + 1)::int] AS key_name,
      'm' || (((i / 4) + (i % 4)) % ${ALIASES}) AS alias, CASE WHEN i % 20 = 7 THEN 'error' ELSE 'ok' END AS status,
      'p' || (i / 4) AS unit, (ARRAY['general', 'code', 'math', 'writing'])[((i / 4) % 4 + 1)::int] AS shape,
      CASE WHEN (i / 4) % 10 = 0 THEN i % 3 <> 0 END AS verdict
    FROM generate_series($1::bigint, $2::bigint) AS i`;
  for (let from = 0; from < n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK) - 1;
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO calls (id, time, purpose, collection, key_name, alias, provider, status, input_tokens, output_tokens, reasoning_tokens,
         cached_tokens, cost, seconds, first_piece_seconds, finish_reason, tool_calls, unit, shape)
       SELECT id, time, 'seat', collection, key_name, alias, 'local', status, 1200, 300, 50, 200, 0.00024, 1.2, 0.3, 'stop', 0, unit, shape
       FROM (${row}) r`,
      [from, to],
    );
    await client.query(
      `WITH r AS (${row}), v AS (INSERT INTO verdicts (call, useful, note, time) SELECT id, verdict, NULL, time FROM r WHERE verdict IS NOT NULL)
       INSERT INTO unit_verdicts (collection, alias, unit, useful, total, hour, key_name, shape)
       SELECT collection, alias, unit, CASE WHEN verdict THEN 1 ELSE 0 END, 1, time / 3600000 * 3600000, key_name, shape FROM r WHERE verdict IS NOT NULL`,
      [from, to],
    );
    await client.query('COMMIT');
  }
  await client.query('BEGIN');
  for (const sql of REBUILD_TOTALS) await client.query(sql);
  await client.query('COMMIT');
  await client.query('VACUUM ANALYZE');
  await client.query('CHECKPOINT'); // so the seeding's writes are not flushed while inserts are measured
  await client.end();
}

// Seeding for the scale benchmark: the setup, not what is measured. Bulk paths straight into the ledger's own schema
// (SQLite: transactions of 200,000 prepared inserts; Postgres: multi-row INSERTs from unnest() arrays, 20,000 rows a
// statement), then the running totals and conversation rows rebuilt from the rows in one pass each, with the same
// GROUP BYs the schema migrations use.
//
// What is seeded, call by call over the 90 days before END (evenly spread): units alternate between a panel (three
// seats and a merger, collection core or council) and a route conversation (10 turns in agents, each a call and a
// turns row; turn 3 fails over from a rate-limited member first, turn 5 is shadowed). 10 models, 6 keys, 3 shapes;
// one call in 25 times out. Verdicts on every seat of one panel in 20 and on the first turn of one conversation in 50.
// Worst cases for the dashboard's filters: key `rare` on one unit in 1,000, and model `m-old` with key `old` on one
// unit in 5 of the first 1% of the range only (nothing since: a filter on them walks back through every later call).
import Database from 'better-sqlite3';
import pg from 'pg';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MODELS = Array.from({ length: 10 }, (_, i) => `m${i}`);
export const KEYS = ['alice', 'bob', 'carol', 'dave', 'erin', 'ci'];
export const SHAPES = ['general', 'code', 'writing'];
export const RARE_KEY = 'rare';
export const OLD_MODEL = 'm-old';
export const OLD_KEY = 'old';
/** The seeded calls span the 90 days before END (a whole hour; BENCH_END to measure a file seeded earlier again). */
export const END = Number(process.env.BENCH_END ?? Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
export const START = END - 90 * DAY_MS;

const CALL_COLUMNS = ['id', 'time', 'purpose', 'collection', 'key_name', 'alias', 'status', 'tool_calls', 'unit', 'shape'];
const CALL_CONSTANTS = {
  provider: "'local'",
  input_tokens: '1200',
  output_tokens: '300',
  reasoning_tokens: '50',
  cached_tokens: '200',
  cost: '0.00024',
  seconds: '1.2',
  first_piece_seconds: '0.3',
  finish_reason: "'stop'",
};
const TURN_COLUMNS = ['conversation', 'turn', 'time', 'call', 'alias', 'tried'];
const TURN_CONSTANTS = {
  collection: "'agents'",
  status: "'ok'",
  seconds: '1.2',
  first_token_seconds: '0.3',
  input_tokens: '1200',
  output_tokens: '300',
  reasoning_tokens: '0',
  cached_tokens: '200',
  tool_calls: '1',
  finish_reason: "'tool-calls'",
};

/**
 * Yields `['call', row]`, `['turn', row]` and `['verdict', row]` for n calls (calls and turns in CALL_COLUMNS and
 * TURN_COLUMNS order; a verdict as [call, useful, time, collection, alias, unit, key, shape]), and fills `found` with the ids the benchmark reads: the newest panel and conversation, a call halfway.
 */
export function* seedRows(n, found) {
  const timeOf = (i) => START + Math.floor((i * (END - START)) / n);
  let i = 0;
  for (let unit = 1; i < n; unit += 1) {
    const early = i < n / 100 && unit % 5 === 0;
    const key = early ? OLD_KEY : unit % 1000 === 0 ? RARE_KEY : KEYS[unit % KEYS.length];
    const shape = SHAPES[unit % SHAPES.length];
    if (unit % 2 === 0) {
      const collection = unit % 4 === 0 ? 'core' : 'council';
      for (let seat = 1; seat <= 4 && i < n; seat += 1, i += 1) {
        const id = seat === 4 ? `p${unit}.merger` : `p${unit}.${seat}`;
        const alias = early && seat === 1 ? OLD_MODEL : MODELS[(unit + seat) % MODELS.length];
        yield ['call', [id, timeOf(i), seat === 4 ? 'merger' : 'seat', collection, key, alias, i % 25 === 3 ? 'timeout' : 'ok', 0, `p${unit}`, shape]];
        if (unit % 20 === 0) yield ['verdict', [id, seat % 2, timeOf(i), collection, alias, `p${unit}`, key, shape]];
        if (i === n >> 1) found.middleCall = id;
      }
      found.panel = `p${unit}`;
    } else {
      const conversation = `c${unit}`;
      const alias = early ? OLD_MODEL : MODELS[unit % MODELS.length];
      const other = MODELS[(unit + 1) % MODELS.length];
      for (let turn = 1; turn <= 10 && i < n; turn += 1) {
        const id = `r${unit}x${turn}`;
        let tried = [{ alias }];
        if (turn === 3) {
          yield ['call', [`${id}-1`, timeOf(i), 'route', 'agents', key, other, 'rate-limited', 0, conversation, shape]];
          tried = [{ alias: other, error: 'rate limited' }, { alias }];
          i += 1;
        }
        if (i >= n) break;
        yield ['call', [id, timeOf(i), 'route', 'agents', key, alias, 'ok', 1, conversation, shape]];
        yield ['turn', [conversation, turn, timeOf(i), id, alias, JSON.stringify(tried)]];
        if (turn === 1 && unit % 50 === 1) yield ['verdict', [id, 1, timeOf(i), 'agents', alias, conversation, key, shape]];
        if (i === n >> 1) found.middleCall = id;
        i += 1;
        if (turn === 5 && i < n) {
          yield ['call', [`${id}-shadow-1`, timeOf(i), 'shadow', 'agents', key, MODELS[(unit + 2) % MODELS.length], 'ok', 0, conversation, shape]];
          i += 1;
        }
      }
      found.conversation = conversation;
    }
  }
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
  // The roll-ups of the totals (schema 9), as its migration builds them.
  'DELETE FROM model_hours',
  'DELETE FROM key_hours',
  'DELETE FROM key_stats',
  `INSERT INTO model_hours (hour, collection, alias, calls, failures, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT hour, collection, alias, sum(calls), sum(failures), sum(input_tokens), sum(output_tokens), sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), sum(cost), sum(seconds_sum), sum(seconds_count), sum(first_sum), sum(first_count), max(last_used) FROM call_totals GROUP BY hour, collection, alias`,
  `INSERT INTO key_hours (hour, collection, key_name, calls, failures, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT hour, collection, key_name, sum(calls), sum(failures), sum(input_tokens), sum(output_tokens), sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), sum(cost), sum(seconds_sum), sum(seconds_count), sum(first_sum), sum(first_count), max(last_used) FROM call_totals GROUP BY hour, collection, key_name`,
  `INSERT INTO key_stats (key_name, collection, alias, useful, verdicts, calls, failures, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT key_name, collection, alias, sum(useful), sum(verdicts), sum(calls), sum(failures), sum(input_tokens), sum(output_tokens), sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), sum(cost), sum(seconds_sum), sum(seconds_count), sum(first_sum), sum(first_count), max(last_used) FROM call_totals GROUP BY key_name, collection, alias`,
  'DELETE FROM conversations',
  `INSERT INTO conversations (conversation, collection, started, updated, turns, last_status)
    SELECT conversation, min(collection), min(time), max(time), max(turn), 'ok' FROM turns GROUP BY conversation`,
  // The conversations' facets (schema 11), as its migration builds them.
  'DELETE FROM conversation_facets',
  `INSERT INTO conversation_facets (conversation, facet, value, updated)
    SELECT DISTINCT t.conversation, 'model', t.alias, c.updated FROM turns t JOIN conversations c ON c.conversation = t.conversation`,
  `INSERT INTO conversation_facets (conversation, facet, value, updated)
    SELECT DISTINCT t.conversation, 'key', k.key_name, c.updated FROM turns t JOIN conversations c ON c.conversation = t.conversation
    JOIN calls k ON k.id = t.call WHERE k.key_name IS NOT NULL`,
  // The panels' members (schema 12), as its migration builds them.
  'DELETE FROM panel_members',
  `INSERT INTO panel_members (alias, time, seat)
    SELECT DISTINCT m.alias, f.time, f.id FROM calls f JOIN calls m ON m.id >= f.unit || '.' AND m.id < f.unit || '/'
    WHERE f.purpose = 'seat' AND f.id LIKE '%.1'`,
  // The per-minute roll-ups (schema 13) of the two hours before the latest call, as its migration builds them.
  'DELETE FROM model_minutes',
  'DELETE FROM key_minutes',
  ...['alias', "coalesce(key_name, '')"].map(
    (name) => `INSERT INTO ${name === 'alias' ? 'model_minutes' : 'key_minutes'} (minute, collection, ${name === 'alias' ? 'alias' : 'key_name'},
      calls, failures, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count,
      first_sum, first_count, last_used)
    SELECT time / 60000 * 60000, collection, ${name}, count(*), sum(CASE WHEN status IN ('ok', 'aborted') THEN 0 ELSE 1 END),
      sum(input_tokens), sum(output_tokens), sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), coalesce(sum(cost), 0),
      coalesce(sum(seconds), 0), count(seconds), coalesce(sum(first_piece_seconds), 0), count(first_piece_seconds), max(time)
    FROM calls WHERE time >= (SELECT max(time) FROM calls) - 7200000 GROUP BY 1, 2, 3`,
  ),
];

function insertSql(table, columns, constants, values) {
  return `INSERT INTO ${table} (${[...columns, ...Object.keys(constants)].join(', ')}) SELECT ${[values, ...Object.values(constants)].join(', ')}`;
}

/** Seeds n calls into a migrated ledger file (closed), then rebuilds its totals; answers seedRows' `found`. */
export function seedSqlite(path, n) {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1000000');
  const marks = (columns) => columns.map(() => '?').join(', ');
  const insert = {
    call: db.prepare(insertSql('calls', CALL_COLUMNS, CALL_CONSTANTS, marks(CALL_COLUMNS))),
    turn: db.prepare(insertSql('turns', TURN_COLUMNS, TURN_CONSTANTS, marks(TURN_COLUMNS))),
  };
  const verdictRow = db.prepare('INSERT INTO verdicts (call, useful, note, time) VALUES (?, ?, NULL, ?)');
  const unitRow = db.prepare('INSERT INTO unit_verdicts (collection, alias, unit, useful, total, hour, key_name, shape) VALUES (?, ?, ?, ?, 1, ?, ?, ?)');
  const found = {};
  let rows = 0;
  db.exec('BEGIN');
  for (const [kind, row] of seedRows(n, found)) {
    if (kind === 'verdict') {
      const [id, useful, time, collection, alias, unit, key, shape] = row;
      verdictRow.run(id, useful, time);
      unitRow.run(collection, alias, unit, useful, Math.floor(time / HOUR_MS) * HOUR_MS, key, shape);
    } else insert[kind].run(row);
    rows += 1;
    if (rows % 200_000 === 0) db.exec('COMMIT; BEGIN');
  }
  db.exec('COMMIT');
  db.transaction(() => {
    for (const sql of REBUILD_TOTALS) db.exec(sql);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  db.close();
  return found;
}

const PG_TYPES = {
  id: 'text',
  time: 'bigint',
  purpose: 'text',
  collection: 'text',
  key_name: 'text',
  alias: 'text',
  status: 'text',
  tool_calls: 'int',
  unit: 'text',
  shape: 'text',
  conversation: 'text',
  turn: 'int',
  call: 'text',
  tried: 'text',
  useful: 'int',
  hour: 'bigint',
};

/** Rows gathered column by column, sent 20,000 at a time as one INSERT … SELECT FROM unnest(the columns' arrays). */
function pgBatch(client, table, columns, constants, types = {}) {
  const type = (c) => types[c] ?? PG_TYPES[c];
  const unnest = `unnest(${columns.map((c, k) => `$${k + 1}::${type(c)}[]`).join(', ')}) AS r(${columns.join(', ')})`;
  const sql = `${insertSql(table, columns, constants, columns.map((c) => `r.${c}`).join(', '))} FROM ${unnest}`;
  let rows = columns.map(() => []);
  return {
    add(row) {
      for (let k = 0; k < columns.length; k += 1) rows[k].push(row[k]);
      return rows[0].length >= 20_000;
    },
    async flush() {
      if (rows[0].length === 0) return;
      const full = rows;
      rows = columns.map(() => []);
      await client.query(sql, full);
    },
  };
}

/** The same rows into a migrated Postgres database, then the totals rebuilt; answers seedRows' `found`. */
export async function seedPostgres(url, n) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const batches = {
    call: pgBatch(client, 'calls', CALL_COLUMNS, CALL_CONSTANTS),
    turn: pgBatch(client, 'turns', TURN_COLUMNS, TURN_CONSTANTS),
  };
  const verdicts = pgBatch(client, 'verdicts', ['call', 'useful', 'time'], {}, { useful: 'boolean' });
  const units = pgBatch(client, 'unit_verdicts', ['collection', 'alias', 'unit', 'useful', 'hour', 'key_name', 'shape'], { total: '1' });
  const found = {};
  for (const [kind, row] of seedRows(n, found)) {
    if (kind === 'verdict') {
      const [id, useful, time, collection, alias, unit, key, shape] = row;
      if (verdicts.add([id, useful === 1, time])) await verdicts.flush();
      if (units.add([collection, alias, unit, useful, Math.floor(time / HOUR_MS) * HOUR_MS, key, shape])) await units.flush();
    } else if (batches[kind].add(row)) await batches[kind].flush();
  }
  for (const batch of [batches.call, batches.turn, verdicts, units]) await batch.flush();
  await client.query('BEGIN');
  for (const sql of REBUILD_TOTALS) await client.query(sql);
  await client.query('COMMIT');
  await client.query('VACUUM ANALYZE');
  await client.query('CHECKPOINT'); // so the seeding's writes are not flushed while inserts are measured
  await client.end();
  return found;
}

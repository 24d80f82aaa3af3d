import { EXPORT_SELECT } from '../export/export-row';
import { upsertConversationsSql } from '../sql/conversation-sql';
import { addPanelMembersSql } from '../sql/panel-members-sql';
import { turnReplacementSet } from '../sql/turn-row';
import { TURN_COLUMNS } from '../sqlite/row-values';
import { SUM_COLUMNS } from '../sql/totals-row';

const SUMS = ['input_tokens', 'output_tokens', 'reasoning_tokens', 'cached_tokens', 'cache_write_tokens'];

/** What a group of inserted calls adds to a running-totals row, in SUM_COLUMNS order then last_used. */
const TOTALS_SELECT = `count(*), count(*) FILTER (WHERE status NOT IN ('ok', 'aborted')), ${SUMS.map((c) => `sum(${c})`).join(', ')},
  coalesce(sum(cost), 0), coalesce(sum(seconds), 0), count(seconds), coalesce(sum(first_piece_seconds), 0), count(first_piece_seconds), max(time)`;

function addTotals(table: string, key: string[], select: string[]): string {
  return `INSERT INTO ${table} (${[...key, ...SUM_COLUMNS, 'last_used'].join(', ')})
  SELECT ${select.join(', ')}, ${TOTALS_SELECT} FROM inserted GROUP BY ${select.map((_, i) => i + 1).join(', ')} ORDER BY ${select.map((_, i) => i + 1).join(', ')}
  ON CONFLICT (${key.join(', ')}) DO UPDATE SET
  ${SUM_COLUMNS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')},
  last_used = GREATEST(${table}.last_used, excluded.last_used)`;
}

/**
 * One statement per batch: insert the calls (skipping ids already stored) and
 * add exactly the inserted ones to the per-model summary and the running
 * totals (per hour, collection, key, model and shape; per collection, model and shape; per hour, collection and
 * model; per hour, collection and key; per key, collection and model; per key and hour, shadows left out). Summary rows are
 * locked in (collection, alias) order so concurrent replicas cannot deadlock.
 * The failure rule matches `isFailure`: every status but ok and aborted.
 */
export const INSERT_CALLS = `
WITH inserted AS (
  INSERT INTO calls SELECT * FROM json_populate_recordset(NULL::calls, $1::json)
  ON CONFLICT (id) DO NOTHING
  RETURNING purpose, collection, alias, status, time, cost, key_name, shape, seconds, first_piece_seconds, request, ${SUMS.join(', ')}
),
keyed AS (
  INSERT INTO key_totals (key_name, hour, requests, calls, input_tokens, output_tokens, cached_tokens, cost)
  SELECT coalesce(key_name, ''), time / 3600000 * 3600000, count(*) FILTER (WHERE request = 1), count(*), sum(input_tokens), sum(output_tokens), sum(cached_tokens), coalesce(sum(cost), 0)
  FROM inserted WHERE purpose <> 'shadow' GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (key_name, hour) DO UPDATE SET requests = key_totals.requests + excluded.requests, calls = key_totals.calls + excluded.calls,
    input_tokens = key_totals.input_tokens + excluded.input_tokens, output_tokens = key_totals.output_tokens + excluded.output_tokens,
    cached_tokens = key_totals.cached_tokens + excluded.cached_tokens, cost = key_totals.cost + excluded.cost
),
hourly AS (
  ${addTotals('call_totals', ['hour', 'collection', 'key_name', 'alias', 'shape'], ['time / 3600000 * 3600000', 'collection', "coalesce(key_name, '')", 'alias', 'shape'])}
),
shaped AS (
  ${addTotals('shape_totals', ['collection', 'alias', 'shape'], ['collection', 'alias', 'shape'])}
),
by_model AS (
  ${addTotals('model_hours', ['hour', 'collection', 'alias'], ['time / 3600000 * 3600000', 'collection', 'alias'])}
),
by_key AS (
  ${addTotals('key_hours', ['hour', 'collection', 'key_name'], ['time / 3600000 * 3600000', 'collection', "coalesce(key_name, '')"])}
),
by_model_minute AS (
  ${addTotals('model_minutes', ['minute', 'collection', 'alias'], ['time / 60000 * 60000', 'collection', 'alias'])}
),
by_key_minute AS (
  ${addTotals('key_minutes', ['minute', 'collection', 'key_name'], ['time / 60000 * 60000', 'collection', "coalesce(key_name, '')"])}
),
key_summary AS (
  ${addTotals('key_stats', ['key_name', 'collection', 'alias'], ["coalesce(key_name, '')", 'collection', 'alias'])}
)
INSERT INTO model_stats (collection, alias, calls, failures, last_used, cost, ${SUMS.join(', ')})
SELECT collection, alias, count(*), count(*) FILTER (WHERE status NOT IN ('ok', 'aborted')), max(time),
  coalesce(sum(cost), 0), ${SUMS.map((c) => `sum(${c})`).join(', ')}
FROM inserted GROUP BY collection, alias ORDER BY collection, alias
ON CONFLICT (collection, alias) DO UPDATE SET
  calls = model_stats.calls + excluded.calls,
  failures = model_stats.failures + excluded.failures,
  last_used = GREATEST(model_stats.last_used, excluded.last_used),
  cost = model_stats.cost + excluded.cost,
  ${SUMS.map((c) => `${c} = model_stats.${c} + excluded.${c}`).join(',\n  ')}`;

/** Rows replace a stored turn only when it did not answer (see turn-replacement.ts); one row per key per statement. */
export const INSERT_TURNS = `
INSERT INTO turns SELECT * FROM json_populate_recordset(NULL::turns, $1::json)
ON CONFLICT (conversation, turn) DO UPDATE SET ${turnReplacementSet(TURN_COLUMNS)}
WHERE turns.status <> 'ok'`;

/**
 * Retention, one batch: the oldest calls before $1 (at most $2, on the (time, id) index), the verdicts on them, and
 * the oldest turns (at most $2, on their time index). One statement, so one snapshot: a batch written meanwhile is in
 * it whole or not at all (two statements could take its turns and not its calls). Rows another transaction holds (a
 * verdict being posted, another replica's batch) are skipped, left for the next pass.
 */
export const PRUNE = `
WITH doomed AS (SELECT id FROM calls WHERE time < $1 ORDER BY time, id LIMIT $2 FOR UPDATE SKIP LOCKED),
gone_verdicts AS (DELETE FROM verdicts WHERE call IN (SELECT id FROM doomed) RETURNING 1),
gone_calls AS (DELETE FROM calls WHERE id IN (SELECT id FROM doomed) RETURNING 1),
doomed_turns AS (SELECT conversation, turn FROM turns WHERE time < $1 ORDER BY time LIMIT $2 FOR UPDATE SKIP LOCKED),
gone_turns AS (DELETE FROM turns t USING doomed_turns d WHERE t.conversation = d.conversation AND t.turn = d.turn RETURNING 1)
SELECT (SELECT count(*) FROM gone_calls) AS calls, (SELECT count(*) FROM gone_verdicts) AS verdicts, (SELECT count(*) FROM gone_turns) AS turns`;

/** A page of the export (its columns, as arrays): the range ($1, $2) after the cursor ($3, $4), $5 rows. */
export const PAGE_CALLS = `
SELECT ${EXPORT_SELECT} FROM calls WHERE time >= $1 AND time < $2 AND (time, id) > ($3, $4)
ORDER BY time, id LIMIT $5`;

/** One row per conversation (see conversation-deltas.ts), as JSON. */
export const UPSERT_CONVERSATIONS = upsertConversationsSql(
  'SELECT conversation, collection, started, updated, turns, last_status FROM json_populate_recordset(NULL::conversations, $1::json) ORDER BY conversation',
);

/**
 * The facets of the batch's turns ($1, as INSERT_TURNS takes them; see dashboard/conversation-facets.ts), each at its
 * conversation's `updated`: their calls are queued before them, so stored by now, this batch's too.
 */
export const ADD_CONVERSATION_FACETS = `
WITH t AS (SELECT conversation, alias, call FROM json_populate_recordset(NULL::turns, $1::json))
INSERT INTO conversation_facets (conversation, facet, value, updated)
SELECT f.conversation, f.facet, f.value, c.updated FROM (
  SELECT t.conversation, 'model' AS facet, t.alias AS value FROM t
  UNION SELECT t.conversation, 'key', k.key_name FROM t JOIN calls k ON k.id = t.call WHERE k.key_name IS NOT NULL
) f JOIN conversations c ON c.conversation = f.conversation
ORDER BY 1, 2, 3
ON CONFLICT (conversation, facet, value) DO NOTHING`;

/** Moves the facets of the conversations $1 (ids) to their conversation's new `updated`. */
export const SYNC_CONVERSATION_FACETS = `
UPDATE conversation_facets f SET updated = c.updated FROM conversations c
WHERE c.conversation = f.conversation AND f.conversation = ANY($1::text[]) AND f.updated <> c.updated`;

/** The per-minute roll-ups' rows before $1 (see minute-totals.ts). */
export const DROP_OLD_MINUTES = `
WITH m AS (DELETE FROM model_minutes WHERE minute < $1)
DELETE FROM key_minutes WHERE minute < $1`;

/** $1: the units of the batch's seats and mergers (text[]). */
export const ADD_PANEL_MEMBERS = addPanelMembersSql('unnest($1::text[]) AS u (unit)');

export const INSERT_TRANSCRIPTS = `
INSERT INTO transcripts SELECT * FROM json_populate_recordset(NULL::transcripts, $1::json)
ON CONFLICT (call) DO NOTHING`;

/**
 * A batch's refusals ($1: rows of id, minute, key_name, collection, scope, limit_name), each id stored once: only the
 * ones new here are summed into the roll-up (one row per key per statement), so a batch written again after a lost
 * reply counts nothing twice. Ids from before $2 are dropped.
 */
export const ADD_REFUSALS = `
WITH given AS (
  SELECT * FROM json_to_recordset($1::json) AS r (id TEXT, minute BIGINT, key_name TEXT, collection TEXT, scope TEXT, limit_name TEXT)
),
fresh AS (
  INSERT INTO refusal_ids (id, minute) SELECT id, minute FROM given ORDER BY id
  ON CONFLICT (id) DO NOTHING
  RETURNING id
),
dropped AS (DELETE FROM refusal_ids WHERE minute < $2)
INSERT INTO refusals (minute, key_name, collection, scope, limit_name, count)
SELECT g.minute, g.key_name, g.collection, g.scope, g.limit_name, count(*) FROM given g JOIN fresh f ON f.id = g.id
GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
ON CONFLICT (minute, key_name, collection, scope, limit_name) DO UPDATE SET count = refusals.count + excluded.count`;

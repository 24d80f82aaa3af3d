import { turnReplacementSet } from '../sql/turn-row';
import { TURN_COLUMNS } from '../sqlite/row-values';

const SUMS = ['input_tokens', 'output_tokens', 'reasoning_tokens', 'cached_tokens', 'cache_write_tokens'];

/**
 * One statement per batch: insert the calls (skipping ids already stored) and
 * add exactly the inserted ones to the per-model summary. Summary rows are
 * locked in (collection, alias) order so concurrent replicas cannot deadlock.
 * The failure rule matches `isFailure`: every status but ok and aborted.
 */
export const INSERT_CALLS = `
WITH inserted AS (
  INSERT INTO calls SELECT * FROM json_populate_recordset(NULL::calls, $1::json)
  ON CONFLICT (id) DO NOTHING
  RETURNING collection, alias, status, time, cost, ${SUMS.join(', ')}
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

export const PAGE_CALLS = `
SELECT * FROM calls WHERE time >= $1 AND time < $2 AND (time, id) > ($3, $4)
ORDER BY time, id LIMIT $5`;

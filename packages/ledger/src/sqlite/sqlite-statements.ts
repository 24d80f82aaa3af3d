import type Database from 'better-sqlite3';
import { EXPORT_SELECT } from '../export/export-row';
import { callRangeSql } from '../sql/call-query-sql';
import { upsertConversationsSql } from '../sql/conversation-sql';
import { addPanelMembersSql } from '../sql/panel-members-sql';
import { turnReplacementSet } from '../sql/turn-row';
import { SUM_COLUMNS } from '../sql/totals-row';
import { KEY_TOTALS_SQL } from '../sql/key-totals-row';
import { REFUSALS_SQL } from '../sql/refusal-rows';
import { CALL_COLUMNS, TURN_COLUMNS } from './row-values';

const SUMS = ['calls', 'failures', 'input_tokens', 'output_tokens', 'reasoning_tokens', 'cached_tokens', 'cache_write_tokens', 'cost'];

/** Adds a row's sums to a running-totals table: parameters are the key columns, then SUM_COLUMNS, then last_used. */
function addTotals(table: string, key: readonly string[]): string {
  const columns = [...key, ...SUM_COLUMNS, 'last_used'];
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
    ON CONFLICT (${key.join(', ')}) DO UPDATE SET
      ${SUM_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')},
      last_used = max(coalesce(last_used, 0), excluded.last_used)`;
}

export const TOTALS_KEY = ['hour', 'collection', 'key_name', 'alias', 'shape'] as const;
export const SHAPE_KEY = ['collection', 'alias', 'shape'] as const;

function insert(table: string, columns: readonly string[], key: string): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (${key}) DO NOTHING`;
}

/** A turn's row: inserted, or replacing a stored one that did not answer (see turn-replacement.ts). */
function upsertTurn(): string {
  return `INSERT INTO turns (${TURN_COLUMNS.join(', ')}) VALUES (${TURN_COLUMNS.map(() => '?').join(', ')})
    ON CONFLICT (conversation, turn) DO UPDATE SET ${turnReplacementSet(TURN_COLUMNS)} WHERE turns.status <> 'ok'`;
}

type StatementName =
  | 'insertCall'
  | 'insertTurn'
  | 'addStats'
  | 'callOwner'
  | 'getCall'
  | 'getVerdict'
  | 'putVerdict'
  | 'addUnit'
  | 'addVerdictStats'
  | 'getTurns'
  | 'pageCalls'
  | 'shadowCalls'
  | 'keySpend'
  | 'collectionSpend'
  | 'addKeyTotals'
  | 'keyTotals'
  | 'addRefusals'
  | 'addRefusalId'
  | 'dropRefusalIds'
  | 'refusals'
  | 'addTotals'
  | 'addShapeTotals'
  | 'addModelHours'
  | 'addKeyHours'
  | 'addKeyStats'
  | 'addVerdictKeyStats'
  | 'addVerdictTotals'
  | 'addVerdictShapeTotals'
  | 'oldCalls'
  | 'deleteVerdict'
  | 'deleteCall'
  | 'deleteOldTurns'
  | 'upsertConversation'
  | 'conversationMembers'
  | 'addConversationFacet'
  | 'callKey'
  | 'addPanelMembers'
  | 'addModelMinutes'
  | 'addKeyMinutes'
  | 'dropModelMinutes'
  | 'dropKeyMinutes'
  | 'latestMinute'
  | 'syncConversationFacets'
  | 'insertTranscript'
  | 'getTranscripts'
  | 'deleteTranscripts'
  | 'putResponse'
  | 'getResponse'
  | 'deleteResponse'
  | 'deleteExpiredResponses'
  | 'getVerdicts'
  | 'callRange';

export type SqliteStatements = Record<StatementName, Database.Statement>;

/** Every statement the SQLite store runs, prepared once. */
export function prepareStatements(db: Database.Database): SqliteStatements {
  return {
    insertCall: db.prepare(insert('calls', CALL_COLUMNS, 'id')),
    insertTurn: db.prepare(upsertTurn()),
    addStats: db.prepare(
      `INSERT INTO model_stats (collection, alias, last_used, ${SUMS.join(', ')})
       VALUES (@collection, @alias, @last_used, ${SUMS.map((c) => `@${c}`).join(', ')})
       ON CONFLICT (collection, alias) DO UPDATE SET
         last_used = max(coalesce(last_used, 0), excluded.last_used),
         ${SUMS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`,
    ),
    callOwner: db.prepare('SELECT alias, collection, unit, time, key_name, shape FROM calls WHERE id = ?'),
    getCall: db.prepare('SELECT * FROM calls WHERE id = ?'),
    getVerdict: db.prepare('SELECT call, useful, note, time FROM verdicts WHERE call = ?'),
    putVerdict: db.prepare(
      `INSERT INTO verdicts (call, useful, note, time) VALUES (@call, @useful, @note, @time)
       ON CONFLICT (call) DO UPDATE SET useful = excluded.useful, note = excluded.note, time = excluded.time`,
    ),
    addUnit: db.prepare(
      `INSERT INTO unit_verdicts (collection, alias, unit, useful, total, hour, key_name, shape) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (collection, alias, unit) DO UPDATE SET useful = useful + excluded.useful, total = total + excluded.total
       RETURNING useful, total, hour, key_name, shape`,
    ),
    addVerdictStats: db.prepare('UPDATE model_stats SET useful = useful + ?, verdicts = verdicts + ? WHERE collection = ? AND alias = ?'),
    addTotals: db.prepare(addTotals('call_totals', TOTALS_KEY)),
    addShapeTotals: db.prepare(addTotals('shape_totals', SHAPE_KEY)),
    addModelHours: db.prepare(addTotals('model_hours', ['hour', 'collection', 'alias'])),
    addKeyHours: db.prepare(addTotals('key_hours', ['hour', 'collection', 'key_name'])),
    addModelMinutes: db.prepare(addTotals('model_minutes', ['minute', 'collection', 'alias'])),
    addKeyMinutes: db.prepare(addTotals('key_minutes', ['minute', 'collection', 'key_name'])),
    dropModelMinutes: db.prepare('DELETE FROM model_minutes WHERE minute < ?'),
    dropKeyMinutes: db.prepare('DELETE FROM key_minutes WHERE minute < ?'),
    latestMinute: db.prepare('SELECT max(minute) FROM model_minutes').pluck(),
    addKeyStats: db.prepare(addTotals('key_stats', ['key_name', 'collection', 'alias'])),
    addVerdictKeyStats: db.prepare('UPDATE key_stats SET useful = useful + ?, verdicts = verdicts + ? WHERE key_name = ? AND collection = ? AND alias = ?'),
    addVerdictTotals: db.prepare(
      'UPDATE call_totals SET useful = useful + ?, verdicts = verdicts + ? WHERE hour = ? AND collection = ? AND key_name = ? AND alias = ? AND shape = ?',
    ),
    addVerdictShapeTotals: db.prepare('UPDATE shape_totals SET useful = useful + ?, verdicts = verdicts + ? WHERE collection = ? AND alias = ? AND shape = ?'),
    // The primary key's range (ids compare as bytes in SQLite): the prefix, up to the prefix with its last byte raised.
    shadowCalls: db.prepare("SELECT * FROM calls WHERE id >= ? AND id < ? AND purpose = 'shadow' ORDER BY id"),
    // The calls' time index bounds the scan; a budget reads it once, at start.
    keySpend: db.prepare("SELECT coalesce(sum(cost), 0) AS cost FROM calls WHERE time >= ? AND key_name = ? AND purpose <> 'shadow'"),
    collectionSpend: db.prepare("SELECT coalesce(sum(cost), 0) AS cost FROM calls WHERE time >= ? AND collection = ? AND purpose <> 'shadow'"),
    addKeyTotals: db.prepare(
      `INSERT INTO key_totals (key_name, hour, requests, calls, input_tokens, output_tokens, cached_tokens, cost) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (key_name, hour) DO UPDATE SET requests = requests + excluded.requests, calls = calls + excluded.calls, input_tokens = input_tokens + excluded.input_tokens,
         output_tokens = output_tokens + excluded.output_tokens, cached_tokens = cached_tokens + excluded.cached_tokens, cost = cost + excluded.cost`,
    ),
    keyTotals: db.prepare(KEY_TOTALS_SQL(() => '?')),
    addRefusals: db.prepare(
      `INSERT INTO refusals (minute, key_name, collection, scope, limit_name, count) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (minute, key_name, collection, scope, limit_name) DO UPDATE SET count = count + excluded.count`,
    ),
    addRefusalId: db.prepare('INSERT INTO refusal_ids (id, minute) VALUES (?, ?) ON CONFLICT (id) DO NOTHING'),
    dropRefusalIds: db.prepare('DELETE FROM refusal_ids WHERE minute < ?'),
    refusals: db.prepare(REFUSALS_SQL(() => '?')),
    getTurns: db.prepare('SELECT * FROM turns WHERE conversation = ? ORDER BY turn'),
    // Retention: the oldest calls first, on the (time, id) index; turns on their time index.
    oldCalls: db.prepare('SELECT id FROM calls WHERE time < ? ORDER BY time, id LIMIT ?').pluck(),
    deleteVerdict: db.prepare('DELETE FROM verdicts WHERE call = ?'),
    deleteCall: db.prepare('DELETE FROM calls WHERE id = ?'),
    deleteOldTurns: db.prepare('DELETE FROM turns WHERE rowid IN (SELECT rowid FROM turns WHERE time < ? ORDER BY time LIMIT ?)'),
    upsertConversation: db.prepare(`${upsertConversationsSql('VALUES (?, ?, ?, ?, ?, ?)')} RETURNING updated`).pluck(),
    addConversationFacet: db.prepare('INSERT INTO conversation_facets (conversation, facet, value, updated) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING'),
    syncConversationFacets: db.prepare('UPDATE conversation_facets SET updated = ? WHERE conversation = ? AND updated <> ?'),
    addPanelMembers: db.prepare(addPanelMembersSql('(SELECT ? AS unit) u')),
    callKey: db.prepare('SELECT key_name FROM calls WHERE id = ?').pluck(),
    conversationMembers: db.prepare('SELECT conversation, alias FROM turns WHERE conversation IN (SELECT value FROM json_each(?)) ORDER BY conversation, turn'),
    insertTranscript: db.prepare('INSERT INTO transcripts (call, time, body) VALUES (?, ?, ?) ON CONFLICT (call) DO NOTHING'),
    getTranscripts: db.prepare('SELECT call, time, body FROM transcripts WHERE call IN (SELECT value FROM json_each(?))'),
    // Oldest first through the time index, a batch at a time: each delete holds the write lock only briefly.
    deleteTranscripts: db.prepare('DELETE FROM transcripts WHERE call IN (SELECT call FROM transcripts WHERE time < ? ORDER BY time LIMIT ?)'),
    putResponse: db.prepare(
      'INSERT INTO stored_responses (id, body, expires) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body, expires = excluded.expires',
    ),
    // One statement reads it and moves its expiry on: a read restarts the idle expiry.
    getResponse: db.prepare('UPDATE stored_responses SET expires = ? WHERE id = ? AND expires > ? RETURNING body').pluck(),
    deleteResponse: db.prepare('DELETE FROM stored_responses WHERE id = ?'),
    deleteExpiredResponses: db.prepare(
      'DELETE FROM stored_responses WHERE id IN (SELECT id FROM stored_responses WHERE expires <= ? ORDER BY expires LIMIT ?)',
    ),
    getVerdicts: db.prepare('SELECT call, useful, note, time FROM verdicts WHERE call IN (SELECT value FROM json_each(?))'),
    callRange: db.prepare(callRangeSql(() => '?')),
    // A row value, so the (time, id) index seeks to the cursor: with `time > ? OR (time = ? AND id > ?)` it walked the
    // range from its start on every page, each page of a day slower than the one before.
    pageCalls: db.prepare(`SELECT ${EXPORT_SELECT} FROM calls WHERE time < ? AND (time, id) > (?, ?) ORDER BY time, id LIMIT ?`).raw(),
  };
}

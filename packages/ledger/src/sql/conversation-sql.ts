import type { ConversationFilter, ConversationSummary } from '../dashboard/conversation-summary';
import type { CallCursor } from '../ledger-store';
import { boundParams } from './bound-params';
import type { Placeholder } from './totals-sql';

/**
 * Adds batch deltas to conversations' summary rows, from `source` (a VALUES row or a SELECT of the columns
 * conversation, collection, started, updated, turns, last_status). A turn's status replaces the last one when it is
 * a later turn, or the same turn retried after one that did not answer (as the turn row itself is replaced, see
 * turn-replacement.ts).
 */
export function upsertConversationsSql(source: string): string {
  const t = 'conversations';
  return `INSERT INTO ${t} (conversation, collection, started, updated, turns, last_status) ${source}
    ON CONFLICT (conversation) DO UPDATE SET
      started = CASE WHEN excluded.started < ${t}.started THEN excluded.started ELSE ${t}.started END,
      updated = CASE WHEN excluded.updated > ${t}.updated THEN excluded.updated ELSE ${t}.updated END,
      last_status = CASE WHEN excluded.turns > ${t}.turns OR (excluded.turns = ${t}.turns AND ${t}.last_status <> 'ok')
        THEN excluded.last_status ELSE ${t}.last_status END,
      turns = CASE WHEN excluded.turns > ${t}.turns THEN excluded.turns ELSE ${t}.turns END`;
}

/**
 * Summary rows latest first, walking the (updated, conversation) index backwards from the cursor; with a key or model
 * filter, that facet's rows of conversation_facets instead (in the same order, see dashboard/conversation-facets.ts), so a
 * filter few conversations match reads those, not every conversation since.
 */
export function listConversationsSql(
  filter: ConversationFilter,
  before: CallCursor | undefined,
  limit: number,
  p: Placeholder,
): { sql: string; values: unknown[] } {
  const { bind, values } = boundParams(p);
  const facet =
    filter.keyName !== undefined ? { facet: 'key', value: filter.keyName } : filter.model !== undefined ? { facet: 'model', value: filter.model } : undefined;
  const walked = facet ? 'f' : 'c';
  const where: string[] = [];
  if (facet) where.push(`f.facet = ${bind(facet.facet)} AND f.value = ${bind(facet.value)}`);
  if (filter.from !== undefined) where.push(`${walked}.updated >= ${bind(filter.from)}`);
  if (filter.to !== undefined) where.push(`${walked}.updated < ${bind(filter.to)}`);
  if (before) {
    where.push(`(${walked}.updated < ${bind(before.time)} OR (${walked}.updated = ${bind(before.time)} AND ${walked}.conversation < ${bind(before.id)}))`);
  }
  if (filter.collection !== undefined) where.push(`c.collection = ${bind(filter.collection)}`);
  // Each reads the conversation's turns by their key (conversation, turn); the key and the verdict by the call's. Also
  // where a facet was walked: its rows are candidates, these say which still hold.
  const turnsOf = 'FROM turns t WHERE t.conversation = c.conversation';
  if (filter.model !== undefined) where.push(`EXISTS (SELECT 1 ${turnsOf} AND t.alias = ${bind(filter.model)})`);
  if (filter.keyName !== undefined) {
    where.push(`EXISTS (SELECT 1 ${turnsOf} AND EXISTS (SELECT 1 FROM calls k WHERE k.id = t.call AND k.key_name = ${bind(filter.keyName)}))`);
  }
  if (filter.judged !== undefined) {
    where.push(`${filter.judged ? '' : 'NOT '}EXISTS (SELECT 1 ${turnsOf} AND EXISTS (SELECT 1 FROM verdicts v WHERE v.call = t.call))`);
  }
  const from = facet ? 'conversation_facets f JOIN conversations c ON c.conversation = f.conversation' : 'conversations c';
  const sql = `SELECT c.conversation, c.collection, c.started, c.updated, c.turns, c.last_status FROM ${from}
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${walked}.updated DESC, ${walked}.conversation DESC LIMIT ${bind(limit)}`;
  return { sql, values };
}

export interface ConversationRow {
  conversation: string;
  collection: string;
  started: number | string;
  updated: number | string;
  turns: number | string;
  last_status: string;
}

/** Rows and each one's members (in the order they first answered), as listed. */
export function toConversationSummaries(rows: ConversationRow[], members: Array<{ conversation: string; alias: string }>): ConversationSummary[] {
  const models = new Map<string, string[]>();
  for (const { conversation, alias } of members) {
    const list = models.get(conversation) ?? [];
    if (!list.includes(alias)) list.push(alias);
    models.set(conversation, list);
  }
  return rows.map((row) => ({
    id: row.conversation,
    collection: row.collection === '' ? null : row.collection,
    started: Number(row.started),
    updated: Number(row.updated),
    turns: Number(row.turns),
    models: models.get(row.conversation) ?? [],
    lastStatus: row.last_status,
  }));
}

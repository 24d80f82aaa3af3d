import type { CallRecord } from '../call-record';
import { type CallFilter, type CallVerdict, type CallWithVerdict, FAILED_STATUS } from '../dashboard/call-query';
import { conversationDeltas } from '../dashboard/conversation-deltas';
import type { ConversationFilter, ConversationSummary } from '../dashboard/conversation-summary';
import type { SeriesQuery, SeriesRow, SeriesSums } from '../dashboard/series';
import type { CallCursor } from '../ledger-store';
import { isFailure } from '../to-call-record';
import { addCall, emptySums } from '../totals';
import type { TurnRecord } from '../turn-record';
import type { Verdict } from '../verdict';

/** The dashboard's queries over the memory store's maps: what the SQL stores answer from their tables and indexes. */

export function withVerdict(call: CallRecord, verdict: Verdict | undefined): CallWithVerdict {
  return { ...call, verdict: verdict ? toCallVerdict(verdict) : null };
}

export function toCallVerdict(verdict: Verdict): CallVerdict {
  return { useful: verdict.useful, note: verdict.note, time: verdict.time };
}

function matches(call: CallRecord, filter: CallFilter): boolean {
  if (filter.from !== undefined && call.time < filter.from) return false;
  if (filter.to !== undefined && call.time >= filter.to) return false;
  if (filter.collection !== undefined && (call.collection ?? '') !== filter.collection) return false;
  if (filter.alias !== undefined && call.alias !== filter.alias) return false;
  if (filter.keyName !== undefined && call.keyName !== filter.keyName) return false;
  if (filter.status === FAILED_STATUS ? !isFailure(call.status) : filter.status !== undefined && call.status !== filter.status) return false;
  if (filter.firstSeat) return call.purpose === 'seat' && call.id.endsWith('.1');
  return filter.purpose === undefined || call.purpose === filter.purpose;
}

/** Newest first: (time, id) descending, after the cursor. */
export function newestFirst<T extends { time: number; id: string }>(rows: Iterable<T>, before: CallCursor | undefined, limit: number): T[] {
  return [...rows]
    .filter((row) => !before || row.time < before.time || (row.time === before.time && row.id < before.id))
    .sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit);
}

export function queryCalls(calls: Iterable<CallRecord>, filter: CallFilter, before: CallCursor | undefined, limit: number): CallRecord[] {
  return newestFirst(
    [...calls].filter((call) => matches(call, filter)),
    before,
    limit,
  );
}

export function conversationSummaries(
  turns: ReadonlyMap<string, ReadonlyMap<number, TurnRecord>>,
  filter: ConversationFilter,
  before: CallCursor | undefined,
  limit: number,
): ConversationSummary[] {
  const summaries: Array<ConversationSummary & { time: number }> = [];
  for (const [id, byTurn] of turns) {
    const ordered = [...byTurn.values()].sort((a, b) => a.turn - b.turn);
    const [delta] = conversationDeltas(ordered);
    if (!delta) continue;
    if (filter.from !== undefined && delta.updated < filter.from) continue;
    if (filter.to !== undefined && delta.updated >= filter.to) continue;
    if (filter.collection !== undefined && delta.collection !== filter.collection) continue;
    summaries.push({
      id,
      time: delta.updated,
      collection: delta.collection === '' ? null : delta.collection,
      started: delta.started,
      updated: delta.updated,
      turns: delta.turns,
      models: [...new Set(ordered.map((turn) => turn.alias))],
      lastStatus: delta.lastStatus,
    });
  }
  return newestFirst(summaries, before, limit).map(({ time: _time, ...summary }) => summary);
}

export function seriesOf(calls: Iterable<CallRecord>, query: SeriesQuery): SeriesRow[] {
  const rows = new Map<string, SeriesRow & { all: ReturnType<typeof emptySums> }>();
  for (const call of calls) {
    if (call.time < query.from || call.time >= query.to) continue;
    if (query.collection !== undefined && (call.collection ?? '') !== query.collection) continue;
    const bucket = query.from + Math.floor((call.time - query.from) / query.bucketMs) * query.bucketMs;
    const name = query.by === 'alias' ? call.alias : call.keyName;
    const id = `${bucket}\u0000${name ?? ''}`;
    let row = rows.get(id);
    if (!row) {
      row = { bucket, name, sums: {} as SeriesSums, all: emptySums(0) };
      rows.set(id, row);
    }
    addCall(row.all, call);
  }
  return [...rows.values()].map(({ all: { lastUsed: _last, ...sums }, ...row }) => ({ ...row, sums }));
}

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

export function queryCalls(
  calls: Iterable<CallRecord>,
  verdicts: ReadonlyMap<string, Verdict>,
  filter: CallFilter,
  before: CallCursor | undefined,
  limit: number,
): CallRecord[] {
  const all = [...calls];
  const panels = filter.panelMember !== undefined || filter.panelJudged !== undefined ? panelsOf(all, verdicts) : undefined;
  const inPanel = (call: CallRecord) => {
    const panel = panels?.get(call.unit);
    if (filter.panelMember !== undefined && !panel?.members.has(filter.panelMember)) return false;
    return filter.panelJudged === undefined || (panel?.judged ?? false) === filter.panelJudged;
  };
  return newestFirst(
    all.filter((call) => matches(call, filter) && inPanel(call)),
    before,
    limit,
  );
}

/** Each panel's (the calls `<unit>.…`) members and whether one of its calls has a verdict. */
function panelsOf(calls: CallRecord[], verdicts: ReadonlyMap<string, Verdict>): Map<string, { members: Set<string>; judged: boolean }> {
  const panels = new Map<string, { members: Set<string>; judged: boolean }>();
  for (const call of calls) {
    if (!call.id.startsWith(`${call.unit}.`)) continue;
    const panel = panels.get(call.unit) ?? { members: new Set<string>(), judged: false };
    panel.members.add(call.alias);
    panel.judged ||= verdicts.has(call.id);
    panels.set(call.unit, panel);
  }
  return panels;
}

/** What the conversation filters read beyond the turns: each turn's call (its key) and verdict. */
export interface TurnLookup {
  call(id: string): CallRecord | undefined;
  judged(call: string): boolean;
}

function conversationMatches(turns: TurnRecord[], filter: ConversationFilter, lookup: TurnLookup): boolean {
  if (filter.model !== undefined && !turns.some((turn) => turn.alias === filter.model)) return false;
  if (filter.keyName !== undefined && !turns.some((turn) => turn.call !== null && lookup.call(turn.call)?.keyName === filter.keyName)) return false;
  return filter.judged === undefined || turns.some((turn) => turn.call !== null && lookup.judged(turn.call)) === filter.judged;
}

export function conversationSummaries(
  turns: ReadonlyMap<string, ReadonlyMap<number, TurnRecord>>,
  filter: ConversationFilter,
  before: CallCursor | undefined,
  limit: number,
  lookup: TurnLookup,
): ConversationSummary[] {
  const summaries: Array<ConversationSummary & { time: number }> = [];
  for (const [id, byTurn] of turns) {
    const ordered = [...byTurn.values()].sort((a, b) => a.turn - b.turn);
    const [delta] = conversationDeltas(ordered);
    if (!delta) continue;
    if (filter.from !== undefined && delta.updated < filter.from) continue;
    if (filter.to !== undefined && delta.updated >= filter.to) continue;
    if (filter.collection !== undefined && delta.collection !== filter.collection) continue;
    if (!conversationMatches(ordered, filter, lookup)) continue;
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

import type { CallRecord } from '../call-record';
import { UnknownCallError } from '../errors/unknown-call-error';
import { type ExportPage, toExportPage } from '../export/export-page';
import { callToExportRow } from '../export/export-row';
import type { ExportFormat } from '../ledger';
import type { CallCursor, LedgerStore, TimeRange, WriteItem } from '../ledger-store';
import type { ModelStats, StatsQuery } from '../model-stats';
import type { SpendQuery } from '../spend-query';
import { addKeyTotals, emptyKeyTotals, keyTotalsDeltas, type KeyTotals, type KeyTotalsQuery } from '../key-totals';
import { countRefusals, refusalDeltas, refusalIdsBefore, refusalRowId, type RefusalCount, type RefusalRecord, type RefusalsQuery } from '../refusals';
import { statsDeltas } from '../stats-delta';
import type { TurnRecord } from '../turn-record';
import { replacesTurn } from '../turn-replacement';
import type { Verdict } from '../verdict';
import { crossing, unitDelta } from '../verdict-counting';
import { addDelta, emptyStats, sumStats } from './memory-stats';
import { MemoryTotals } from './memory-totals';
import type { ModelRecord, RecordsQuery } from '../model-record';
import { asTotalsWindow, statsSource } from '../sql/stats-source';
import type { TotalsKey } from '../totals';
import type { PruneCounts } from '../retention/prune-counts';
import type { CallFilter, CallVerdict, CallWithVerdict } from '../dashboard/call-query';
import type { ConversationFilter, ConversationSummary } from '../dashboard/conversation-summary';
import type { SeriesQuery, SeriesRow } from '../dashboard/series';
import type { Transcript } from '../transcript';
import { conversationSummaries, queryCalls, seriesOf, toCallVerdict, withVerdict } from './memory-dashboard';

/** Everything in maps: for tests and demos. Keeps the same aggregates as the SQL stores. */
export class MemoryStore implements LedgerStore {
  readonly kind = 'memory' as const;
  readonly #calls = new Map<string, CallRecord>();
  readonly #turns = new Map<string, Map<number, TurnRecord>>();
  readonly #verdicts = new Map<string, Verdict>();
  /** `collection \0 alias \0 unit` → calls with a verdict / with a useful one. */
  readonly #units = new Map<string, { useful: number; total: number; where: TotalsKey }>();
  readonly #totals = new MemoryTotals();
  /** `key \0 hour` → the key's calls in that hour, shadows left out (kept when retention deletes the calls). */
  readonly #keyTotals = new Map<string, { keyName: string; hour: number; totals: KeyTotals }>();
  /** `collection \0 alias` → summary. */
  readonly #stats = new Map<string, ModelStats>();
  readonly #transcripts = new Map<string, Transcript>();
  /** `minute \0 key \0 collection \0 scope \0 limit` → requests refused by a limit. */
  readonly #refusals = new Map<string, RefusalRecord & { count: number }>();
  /** Refusal id → its minute: each refusal counted once (see `RefusalRecord.id`). */
  readonly #refusalIds = new Map<string, number>();
  readonly #responses = new Map<string, { body: string; expires: number }>();

  async writeBatch(batch: WriteItem[]): Promise<void> {
    const added: CallRecord[] = [];
    const refused: RefusalRecord[] = [];
    for (const item of batch) {
      if (item.kind === 'refusal') {
        if (this.#refusalIds.has(item.record.id)) continue;
        this.#refusalIds.set(item.record.id, item.record.minute);
        refused.push(item.record);
      } else if (item.kind === 'call') {
        if (this.#calls.has(item.record.id)) continue;
        this.#calls.set(item.record.id, item.record);
        added.push(item.record);
      } else if (item.kind === 'transcript') {
        if (!this.#transcripts.has(item.record.call)) this.#transcripts.set(item.record.call, item.record);
      } else {
        const turns = this.#turns.get(item.record.conversation) ?? new Map<number, TurnRecord>();
        if (replacesTurn(turns.get(item.record.turn))) turns.set(item.record.turn, item.record);
        this.#turns.set(item.record.conversation, turns);
      }
    }
    this.#totals.add(added);
    const before = refusalIdsBefore(refused);
    for (const [id, minute] of this.#refusalIds) {
      if (minute >= before) break; // ids come roughly in time order: the oldest first
      this.#refusalIds.delete(id);
    }
    for (const delta of refusalDeltas(refused)) {
      const id = refusalRowId(delta);
      const row = this.#refusals.get(id);
      if (row) row.count += delta.count;
      else this.#refusals.set(id, delta);
    }
    for (const delta of keyTotalsDeltas(added)) {
      const id = `${delta.keyName}\u0000${delta.hour}`;
      const row = this.#keyTotals.get(id);
      if (row) addKeyTotals(row.totals, delta.totals);
      else this.#keyTotals.set(id, delta);
    }
    for (const delta of statsDeltas(added)) {
      const key = `${delta.collection}\u0000${delta.alias}`;
      const stats = this.#stats.get(key) ?? emptyStats(delta.alias, delta.collection);
      this.#stats.set(key, addDelta(stats, delta));
    }
  }

  async putVerdict(verdict: Verdict): Promise<void> {
    const call = this.#calls.get(verdict.call);
    if (!call) throw new UnknownCallError(verdict.call);
    const delta = unitDelta(this.#verdicts.get(verdict.call)?.useful, verdict.useful);
    this.#verdicts.set(verdict.call, verdict);
    const collection = call.collection ?? '';
    const unitKey = `${collection}\u0000${call.alias}\u0000${call.unit}`;
    const unit = this.#units.get(unitKey) ?? { useful: 0, total: 0, where: MemoryTotals.keyOf(call) };
    unit.useful += delta.useful;
    unit.total += delta.total;
    this.#units.set(unitKey, unit);
    const stats = this.#stats.get(`${collection}\u0000${call.alias}`);
    if (!stats) return;
    const useful = crossing(unit.useful, delta.useful);
    const verdicts = crossing(unit.total, delta.total);
    stats.useful += useful;
    stats.verdicts += verdicts;
    this.#totals.addVerdict(unit.where, useful, verdicts);
  }

  async getCall(id: string): Promise<CallRecord | undefined> {
    return this.#calls.get(id);
  }

  async shadowCalls(prefix: string): Promise<CallRecord[]> {
    const found = [...this.#calls.values()].filter((call) => call.purpose === 'shadow' && call.id.startsWith(prefix));
    return found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async spend(query: SpendQuery): Promise<number> {
    let cost = 0;
    for (const call of this.#calls.values()) {
      if (call.time < query.from || call.purpose === 'shadow') continue;
      if ('key' in query ? call.keyName === query.key : call.collection === query.collection) cost += call.cost ?? 0;
    }
    return cost;
  }

  async keyTotals(query: KeyTotalsQuery): Promise<KeyTotals> {
    const sum = emptyKeyTotals();
    for (const row of this.#keyTotals.values()) if (row.keyName === query.key && row.hour >= query.from) addKeyTotals(sum, row.totals);
    return sum;
  }

  async refusals(query: RefusalsQuery): Promise<RefusalCount[]> {
    return countRefusals(this.#refusals.values(), query);
  }

  async getVerdict(call: string): Promise<Verdict | undefined> {
    return this.#verdicts.get(call);
  }

  async getTurns(conversation: string): Promise<TurnRecord[]> {
    return [...(this.#turns.get(conversation)?.values() ?? [])].sort((a, b) => a.turn - b.turn);
  }

  async stats(query: StatsQuery): Promise<ModelStats[]> {
    const source = statsSource(query);
    if (source.table !== 'summary') return this.#totals.stats(asTotalsWindow(source)).sort(byAlias);
    const rows = [...this.#stats.values()];
    if (query.collection !== undefined) {
      return rows
        .filter((row) => row.collection === query.collection)
        .map((row) => structuredClone(row))
        .sort(byAlias);
    }
    return sumStats(rows).sort(byAlias);
  }

  async records(query: RecordsQuery): Promise<ModelRecord[]> {
    return this.#totals.records(query);
  }

  async exportPage(range: TimeRange, after: CallCursor | undefined, limit: number, format: ExportFormat): Promise<ExportPage> {
    const calls = [...this.#calls.values()]
      .filter((c) => c.time >= range.from && c.time < range.to)
      .filter((c) => !after || c.time > after.time || (c.time === after.time && c.id > after.id))
      .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit);
    return toExportPage(calls.map(callToExportRow), format);
  }

  async prune(before: number, limit: number): Promise<PruneCounts> {
    let calls = 0;
    let verdicts = 0;
    for (const [id, call] of this.#calls) {
      if (calls >= limit) break;
      if (call.time >= before) continue;
      this.#calls.delete(id);
      calls += 1;
      if (this.#verdicts.delete(id)) verdicts += 1;
    }
    let turns = 0;
    for (const [conversation, byTurn] of this.#turns) {
      for (const [turn, record] of byTurn) {
        if (turns >= limit) break;
        if (record.time >= before) continue;
        byTurn.delete(turn);
        turns += 1;
      }
      if (byTurn.size === 0) this.#turns.delete(conversation);
      if (turns >= limit) break;
    }
    return { calls, verdicts, turns, batches: 1 };
  }

  async queryCalls(filter: CallFilter, before: CallCursor | undefined, limit: number): Promise<CallWithVerdict[]> {
    return queryCalls(this.#calls.values(), this.#verdicts, filter, before, limit).map((call) => withVerdict(call, this.#verdicts.get(call.id)));
  }

  async callsWithPrefix(prefix: string): Promise<CallWithVerdict[]> {
    return [...this.#calls.values()]
      .filter((call) => call.id.startsWith(prefix))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((call) => withVerdict(call, this.#verdicts.get(call.id)));
  }

  async getVerdicts(calls: readonly string[]): Promise<Record<string, CallVerdict>> {
    return Object.fromEntries(calls.flatMap((call) => (this.#verdicts.has(call) ? [[call, toCallVerdict(this.#verdicts.get(call)!)]] : [])));
  }

  async conversations(filter: ConversationFilter, before: CallCursor | undefined, limit: number): Promise<ConversationSummary[]> {
    return conversationSummaries(this.#turns, filter, before, limit, {
      call: (id) => this.#calls.get(id),
      judged: (call) => this.#verdicts.has(call),
    });
  }

  async series(query: SeriesQuery): Promise<SeriesRow[]> {
    return seriesOf(this.#calls.values(), query);
  }

  async getTranscripts(calls: readonly string[]): Promise<Transcript[]> {
    return calls.flatMap((call) => (this.#transcripts.has(call) ? [structuredClone(this.#transcripts.get(call)!)] : []));
  }

  async deleteTranscripts(before: number, limit: number): Promise<number> {
    const old = [...this.#transcripts.values()]
      .filter((t) => t.time < before)
      .sort((a, b) => a.time - b.time)
      .slice(0, limit);
    for (const transcript of old) this.#transcripts.delete(transcript.call);
    return old.length;
  }

  async putResponse(id: string, body: string, expires: number): Promise<void> {
    this.#responses.set(id, { body, expires });
  }

  async getResponse(id: string, now: number, expires: number): Promise<string | undefined> {
    const kept = this.#responses.get(id);
    if (!kept || kept.expires <= now) return undefined;
    kept.expires = expires;
    return kept.body;
  }

  async deleteResponse(id: string): Promise<void> {
    this.#responses.delete(id);
  }

  async deleteExpiredResponses(now: number, limit: number): Promise<number> {
    const expired = [...this.#responses].filter(([, kept]) => kept.expires <= now).slice(0, limit);
    for (const [id] of expired) this.#responses.delete(id);
    return expired.length;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}

function byAlias(a: ModelStats, b: ModelStats): number {
  return a.alias < b.alias ? -1 : a.alias > b.alias ? 1 : 0;
}

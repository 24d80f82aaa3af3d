import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import type { CallRecord } from '../call-record';
import { type ExportPage, toExportPage } from '../export/export-page';
import type { ExportFormat } from '../ledger';
import { UnknownCallError } from '../errors/unknown-call-error';
import type { CallCursor, LedgerStore, TimeRange, WriteItem } from '../ledger-store';
import type { ModelStats, StatsQuery } from '../model-stats';
import type { SpendQuery } from '../spend-query';
import { keyTotalsDeltas, type KeyTotals, type KeyTotalsQuery } from '../key-totals';
import { keyTotalsOfRow, type KeyTotalsRow } from '../sql/key-totals-row';
import { refusalDeltas, refusalIdsBefore, type RefusalCount, type RefusalRecord, type RefusalsQuery } from '../refusals';
import { refusalCountsOfRows, refusalToRow, type RefusalRow } from '../sql/refusal-rows';
import { type CallRow, callToRow, rowToCall } from '../sql/call-row';
import { rowToStats, type StatsRow, statsSql } from '../sql/stats-row';
import { rowToTurn, type TurnRow, turnToRow } from '../sql/turn-row';
import { statsDeltas } from '../stats-delta';
import { keyStatsParams, statsSource, totalsParams } from '../sql/stats-source';
import { keyStatsSql, recordsSql, statsFromTotalsSql } from '../sql/totals-sql';
import { type ShapeRow, sumsValues, toModelRecords } from '../sql/totals-row';
import type { ModelRecord, RecordsQuery } from '../model-record';
import { HOUR_MS, hourOf, rollUp, totalsDeltas } from '../totals';
import type { TurnRecord } from '../turn-record';
import type { PruneCounts } from '../retention/prune-counts';
import type { Verdict } from '../verdict';
import { crossing, unitDelta } from '../verdict-counting';
import { callRowValues, turnRowValues } from './row-values';
import type { CallFilter, CallVerdict, CallWithVerdict } from '../dashboard/call-query';
import type { ConversationFilter, ConversationSummary } from '../dashboard/conversation-summary';
import { conversationDeltas } from '../dashboard/conversation-deltas';
import { conversationFacets } from '../dashboard/conversation-facets';
import { panelsOf } from '../dashboard/panels-of';
import { latestCallTime, MINUTES_KEPT_MS, minuteDeltas, minuteOf, minutesWholeFrom } from '../minute-totals';
import type { SeriesQuery, SeriesRow } from '../dashboard/series';
import { prefixEnd } from '../sql/call-query-sql';
import { guidedCalls, type RunSql } from '../sql/calls-guide';
import { type CallVerdictRow, rowToCallWithVerdict } from '../sql/call-verdict-row';
import { type ConversationRow, listConversationsSql, toConversationSummaries } from '../sql/conversation-sql';
import { rowToSeries, type SeriesDbRow, seriesSql } from '../sql/series-sql';
import { rowToTranscript, type TranscriptRow, transcriptToRow } from '../sql/transcript-row';
import type { Transcript } from '../transcript';
import { migrateSqlite } from './sqlite-migrate';
import { openSqlite } from './open-sqlite';
import { prepareStatements, type SqliteStatements } from './sqlite-statements';

/**
 * One SQLite file in WAL mode. Several processes may share it: writes take the
 * write lock up front (IMMEDIATE) and wait up to `busy_timeout` for it.
 */
export class SqliteStore implements LedgerStore {
  readonly kind = 'sqlite' as const;
  readonly #db: Database.Database;
  readonly #sql: SqliteStatements;
  readonly #byCollection: Database.Statement;
  readonly #all: Database.Statement;
  readonly #cached = new Map<string, Database.Statement>();

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.#db = openSqlite(path);
    migrateSqlite(this.#db);
    this.#sql = prepareStatements(this.#db);
    this.#byCollection = this.#db.prepare(statsSql(true, '?'));
    this.#all = this.#db.prepare(statsSql(false, '?'));
  }

  async writeBatch(batch: WriteItem[]): Promise<void> {
    const sql = this.#sql;
    this.#db
      .transaction(() => {
        const added: CallRecord[] = [];
        const turns: TurnRecord[] = [];
        const refused: RefusalRecord[] = [];
        for (const item of batch) {
          if (item.kind === 'refusal') {
            // An id already stored: this batch is a retry of one whose write was done, its refusal counted then.
            if (sql.addRefusalId.run(item.record.id, item.record.minute).changes > 0) refused.push(item.record);
          } else if (item.kind === 'call') {
            if (sql.insertCall.run(callRowValues(callToRow(item.record))).changes > 0) added.push(item.record);
          } else if (item.kind === 'turn') {
            sql.insertTurn.run(turnRowValues(turnToRow(item.record)));
            turns.push(item.record);
          } else {
            const row = transcriptToRow(item.record);
            sql.insertTranscript.run(row.call, row.time, row.body);
          }
        }
        for (const r of refusalDeltas(refused).map(refusalToRow)) sql.addRefusals.run(r.minute, r.key_name, r.collection, r.scope, r.limit_name, r.count);
        if (refused.length > 0) sql.dropRefusalIds.run(refusalIdsBefore(refused));
        const updated = new Map<string, number>();
        for (const d of conversationDeltas(turns)) {
          const latest = sql.upsertConversation.get(d.conversation, d.collection, d.started, d.updated, d.turns, d.lastStatus) as number;
          sql.syncConversationFacets.run(latest, d.conversation, latest);
          updated.set(d.conversation, latest);
        }
        // A turn's call is queued before it: in this batch (its key at hand), or stored by an earlier one.
        const keys = new Map(added.map((call) => [call.id, call.keyName]));
        const keyOf = (call: string) => (keys.has(call) ? keys.get(call) : (sql.callKey.get(call) as string | null | undefined));
        for (const f of conversationFacets(turns, keyOf)) sql.addConversationFacet.run(f.conversation, f.facet, f.value, updated.get(f.conversation));
        for (const unit of panelsOf(added)) sql.addPanelMembers.run(unit);
        const deltas = totalsDeltas(added);
        for (const d of deltas) {
          const sums = sumsValues(d.sums);
          sql.addTotals.run(d.hour, d.collection, d.keyName, d.alias, d.shape, ...sums, d.sums.lastUsed);
          sql.addShapeTotals.run(d.collection, d.alias, d.shape, ...sums, d.sums.lastUsed);
        }
        for (const d of rollUp(deltas, ['hour', 'collection', 'alias'])) sql.addModelHours.run(...d.key, ...sumsValues(d.sums), d.sums.lastUsed);
        for (const d of rollUp(deltas, ['hour', 'collection', 'keyName'])) sql.addKeyHours.run(...d.key, ...sumsValues(d.sums), d.sums.lastUsed);
        const minutes = minuteDeltas(added);
        for (const d of minutes.byModel) sql.addModelMinutes.run(...d.key, ...sumsValues(d.sums), d.sums.lastUsed);
        for (const d of minutes.byKey) sql.addKeyMinutes.run(...d.key, ...sumsValues(d.sums), d.sums.lastUsed);
        const latest = latestCallTime(added);
        if (latest !== undefined) {
          sql.dropModelMinutes.run(minuteOf(latest) - MINUTES_KEPT_MS);
          sql.dropKeyMinutes.run(minuteOf(latest) - MINUTES_KEPT_MS);
        }
        for (const d of rollUp(deltas, ['keyName', 'collection', 'alias'])) sql.addKeyStats.run(...d.key, ...sumsValues(d.sums), d.sums.lastUsed);
        for (const { keyName, hour, totals: t } of keyTotalsDeltas(added)) {
          sql.addKeyTotals.run(keyName, hour, t.requests, t.calls, t.inputTokens, t.outputTokens, t.cachedTokens, t.cost);
        }
        for (const d of statsDeltas(added)) {
          sql.addStats.run({
            collection: d.collection,
            alias: d.alias,
            last_used: d.lastUsed,
            calls: d.calls,
            failures: d.failures,
            input_tokens: d.inputTokens,
            output_tokens: d.outputTokens,
            reasoning_tokens: d.reasoningTokens,
            cached_tokens: d.cachedTokens,
            cache_write_tokens: d.cacheWriteTokens,
            cost: d.cost,
          });
        }
      })
      .immediate();
  }

  async putVerdict(verdict: Verdict): Promise<void> {
    const sql = this.#sql;
    this.#db
      .transaction(() => {
        const call = sql.callOwner.get(verdict.call) as
          | { alias: string; collection: string; unit: string; time: number; key_name: string | null; shape: string }
          | undefined;
        if (!call) throw new UnknownCallError(verdict.call);
        const previous = sql.getVerdict.get(verdict.call) as { useful: number } | undefined;
        const delta = unitDelta(previous === undefined ? undefined : previous.useful === 1, verdict.useful);
        sql.putVerdict.run({ call: verdict.call, useful: verdict.useful ? 1 : 0, note: verdict.note, time: verdict.time });
        // A new unit is kept where this call is (its hour, key and shape); a unit's later verdicts count there too.
        const unit = sql.addUnit.get(call.collection, call.alias, call.unit, delta.useful, delta.total, hourOf(call.time), call.key_name ?? '', call.shape) as {
          useful: number;
          total: number;
          hour: number;
          key_name: string;
          shape: string;
        };
        const useful = crossing(unit.useful, delta.useful);
        const verdicts = crossing(unit.total, delta.total);
        if (useful === 0 && verdicts === 0) return;
        sql.addVerdictStats.run(useful, verdicts, call.collection, call.alias);
        sql.addVerdictShapeTotals.run(useful, verdicts, call.collection, call.alias, unit.shape);
        sql.addVerdictTotals.run(useful, verdicts, unit.hour, call.collection, unit.key_name, call.alias, unit.shape);
        sql.addVerdictKeyStats.run(useful, verdicts, unit.key_name, call.collection, call.alias);
      })
      .immediate();
  }

  async getCall(id: string): Promise<CallRecord | undefined> {
    const row = this.#sql.getCall.get(id) as CallRow | undefined;
    return row && rowToCall(row);
  }

  async getVerdict(call: string): Promise<Verdict | undefined> {
    const row = this.#sql.getVerdict.get(call) as { call: string; useful: number; note: string | null; time: number } | undefined;
    return row && { call: row.call, useful: row.useful === 1, note: row.note, time: row.time };
  }

  async getTurns(conversation: string): Promise<TurnRecord[]> {
    return (this.#sql.getTurns.all(conversation) as TurnRow[]).map(rowToTurn);
  }

  async shadowCalls(prefix: string): Promise<CallRecord[]> {
    return (this.#sql.shadowCalls.all(prefix, prefixEnd(prefix)) as CallRow[]).map(rowToCall);
  }

  async queryCalls(filter: CallFilter, before: CallCursor | undefined, limit: number): Promise<CallWithVerdict[]> {
    const run: RunSql = async <T>(sql: string, values: unknown[]) => this.#statement(sql).all(...values) as T[];
    return (await guidedCalls<CallVerdictRow>(filter, before, limit, () => '?', run)).map(rowToCallWithVerdict);
  }

  async callsWithPrefix(prefix: string): Promise<CallWithVerdict[]> {
    return (this.#sql.callRange.all(prefix, prefixEnd(prefix)) as CallVerdictRow[]).map(rowToCallWithVerdict);
  }

  async getVerdicts(calls: readonly string[]): Promise<Record<string, CallVerdict>> {
    const rows = this.#sql.getVerdicts.all(JSON.stringify(calls)) as Array<{ call: string; useful: number; note: string | null; time: number }>;
    return Object.fromEntries(rows.map((row) => [row.call, { useful: row.useful === 1, note: row.note, time: row.time }]));
  }

  async conversations(filter: ConversationFilter, before: CallCursor | undefined, limit: number): Promise<ConversationSummary[]> {
    const { sql, values } = listConversationsSql(filter, before, limit, () => '?');
    const rows = this.#statement(sql).all(...values) as ConversationRow[];
    const members = this.#sql.conversationMembers.all(JSON.stringify(rows.map((row) => row.conversation))) as Array<{ conversation: string; alias: string }>;
    return toConversationSummaries(rows, members);
  }

  async series(query: SeriesQuery): Promise<SeriesRow[]> {
    const whole = query.bucketMs % HOUR_MS !== 0 && query.from >= minutesWholeFrom(this.#sql.latestMinute.get() as number | null);
    const { sql, values } = seriesSql(query, () => '?', whole);
    return (this.#statement(sql).all(...values) as SeriesDbRow[]).map(rowToSeries);
  }

  async getTranscripts(calls: readonly string[]): Promise<Transcript[]> {
    return (this.#sql.getTranscripts.all(JSON.stringify(calls)) as TranscriptRow[]).map(rowToTranscript);
  }

  async deleteTranscripts(before: number, limit: number): Promise<number> {
    return this.#sql.deleteTranscripts.run(before, limit).changes;
  }

  async putResponse(id: string, body: string, expires: number): Promise<void> {
    this.#sql.putResponse.run(id, body, expires);
  }

  async getResponse(id: string, now: number, expires: number): Promise<string | undefined> {
    return this.#sql.getResponse.get(expires, id, now) as string | undefined;
  }

  async deleteResponse(id: string): Promise<void> {
    this.#sql.deleteResponse.run(id);
  }

  async deleteExpiredResponses(now: number, limit: number): Promise<number> {
    return this.#sql.deleteExpiredResponses.run(now, limit).changes;
  }

  async spend(query: SpendQuery): Promise<number> {
    const row = 'key' in query ? this.#sql.keySpend.get(query.from, query.key) : this.#sql.collectionSpend.get(query.from, query.collection);
    return (row as { cost: number }).cost;
  }

  async refusals(query: RefusalsQuery): Promise<RefusalCount[]> {
    return refusalCountsOfRows(this.#sql.refusals.all(query.from, query.to) as RefusalRow[]);
  }

  async keyTotals(query: KeyTotalsQuery): Promise<KeyTotals> {
    return keyTotalsOfRow(this.#sql.keyTotals.get(query.key, query.from) as KeyTotalsRow);
  }

  async stats(query: StatsQuery): Promise<ModelStats[]> {
    const source = statsSource(query);
    let rows: unknown[];
    if (source.table === 'summary') rows = source.collection === undefined ? this.#all.all() : this.#byCollection.all(source.collection);
    else if (source.table === 'keys') rows = this.#statement(keyStatsSql(source.collection !== undefined, () => '?')).all(...keyStatsParams(source));
    else {
      const sql = statsFromTotalsSql(source.collection !== undefined, source.key !== undefined, () => '?');
      rows = this.#statement(sql).all(...totalsParams(source));
    }
    return (rows as StatsRow[]).map(rowToStats);
  }

  async records(query: RecordsQuery): Promise<ModelRecord[]> {
    const sql = recordsSql(query.collection !== undefined, query.alias !== undefined, () => '?');
    const params = [query.collection, query.alias].filter((value) => value !== undefined);
    return toModelRecords(this.#statement(sql).all(...params) as ShapeRow[], query.collection ?? null);
  }

  async exportPage(range: TimeRange, after: CallCursor | undefined, limit: number, format: ExportFormat): Promise<ExportPage> {
    // Without a cursor the keyset bound is the range's start (ids are never empty).
    const rows = this.#sql.pageCalls.all(range.to, after?.time ?? range.from, after?.id ?? '', limit) as unknown[][];
    return toExportPage(rows, format);
  }

  #statement(sql: string): Database.Statement {
    let statement = this.#cached.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#cached.set(sql, statement);
    }
    return statement;
  }

  async prune(before: number, limit: number): Promise<PruneCounts> {
    const sql = this.#sql;
    return this.#db
      .transaction((): PruneCounts => {
        const ids = sql.oldCalls.all(before, limit) as string[];
        let verdicts = 0;
        for (const id of ids) {
          verdicts += sql.deleteVerdict.run(id).changes;
          sql.deleteCall.run(id);
        }
        return { calls: ids.length, verdicts, turns: sql.deleteOldTurns.run(before, limit).changes, batches: 1 };
      })
      .immediate();
  }

  async ping(): Promise<void> {
    this.#db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}

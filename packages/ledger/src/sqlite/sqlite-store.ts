import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import type { CallRecord } from '../call-record';
import { UnknownCallError } from '../errors/unknown-call-error';
import type { CallCursor, LedgerStore, TimeRange, WriteItem } from '../ledger-store';
import type { ModelStats, StatsQuery } from '../model-stats';
import { type CallRow, callToRow, rowToCall } from '../sql/call-row';
import { rowToStats, type StatsRow, statsSql } from '../sql/stats-row';
import { rowToTurn, type TurnRow, turnToRow } from '../sql/turn-row';
import { statsDeltas } from '../stats-delta';
import type { TurnRecord } from '../turn-record';
import type { Verdict } from '../verdict';
import { crossing, unitDelta } from '../verdict-counting';
import { callRowValues, turnRowValues } from './row-values';
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
    this.#db.transaction(() => {
      const added: CallRecord[] = [];
      for (const item of batch) {
        if (item.kind === 'call') {
          if (sql.insertCall.run(callRowValues(callToRow(item.record))).changes > 0) added.push(item.record);
        } else {
          sql.insertTurn.run(turnRowValues(turnToRow(item.record)));
        }
      }
      for (const d of statsDeltas(added)) {
        sql.addStats.run({
          collection: d.collection, alias: d.alias, last_used: d.lastUsed, calls: d.calls, failures: d.failures,
          input_tokens: d.inputTokens, output_tokens: d.outputTokens, reasoning_tokens: d.reasoningTokens,
          cached_tokens: d.cachedTokens, cache_write_tokens: d.cacheWriteTokens, cost: d.cost,
        });
      }
    }).immediate();
  }

  async putVerdict(verdict: Verdict): Promise<void> {
    const sql = this.#sql;
    this.#db.transaction(() => {
      const call = sql.callOwner.get(verdict.call) as { alias: string; collection: string; unit: string } | undefined;
      if (!call) throw new UnknownCallError(verdict.call);
      const previous = sql.getVerdict.get(verdict.call) as { useful: number } | undefined;
      const delta = unitDelta(previous === undefined ? undefined : previous.useful === 1, verdict.useful);
      sql.putVerdict.run({ call: verdict.call, useful: verdict.useful ? 1 : 0, note: verdict.note, time: verdict.time });
      const unit = sql.addUnit.get(call.collection, call.alias, call.unit, delta.useful, delta.total) as { useful: number; total: number };
      sql.addVerdictStats.run(crossing(unit.useful, delta.useful), crossing(unit.total, delta.total), call.collection, call.alias);
    }).immediate();
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
    const end = `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
    return (this.#sql.shadowCalls.all(prefix, end) as CallRow[]).map(rowToCall);
  }

  async stats(query: StatsQuery): Promise<ModelStats[]> {
    const rows = query.collection === undefined ? this.#all.all() : this.#byCollection.all(query.collection);
    return (rows as StatsRow[]).map(rowToStats);
  }

  async pageCalls(range: TimeRange, after: CallCursor | undefined, limit: number): Promise<CallRecord[]> {
    const rows = after
      ? this.#sql.pageAfter.all(range.from, range.to, after.time, after.time, after.id, limit)
      : this.#sql.pageFirst.all(range.from, range.to, limit);
    return (rows as CallRow[]).map(rowToCall);
  }

  async ping(): Promise<void> {
    this.#db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}

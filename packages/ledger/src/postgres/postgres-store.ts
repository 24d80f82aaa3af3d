import pg from 'pg';
import type { CallRecord } from '../call-record';
import { type ExportPage, toExportPage } from '../export/export-page';
import type { ExportFormat } from '../ledger';
import { UnknownCallError } from '../errors/unknown-call-error';
import type { CallCursor, LedgerStore, TimeRange, WriteItem } from '../ledger-store';
import type { ModelStats, StatsQuery } from '../model-stats';
import type { SpendQuery } from '../spend-query';
import type { KeyTotals, KeyTotalsQuery } from '../key-totals';
import { KEY_TOTALS_SQL, keyTotalsOfRow, type KeyTotalsRow } from '../sql/key-totals-row';
import { type CallRow, callToRow, rowToCall } from '../sql/call-row';
import { rowToStats, type StatsRow, statsSql } from '../sql/stats-row';
import { rowToTurn, type TurnRow, turnToRow } from '../sql/turn-row';
import type { TurnRecord } from '../turn-record';
import { latestTurns } from '../turn-replacement';
import type { Verdict } from '../verdict';
import { crossing, unitDelta } from '../verdict-counting';
import { inTransaction } from './in-transaction';
import type { ModelRecord, RecordsQuery } from '../model-record';
import { keyStatsParams, statsSource, totalsParams } from '../sql/stats-source';
import { keyStatsSql, recordsSql, statsFromTotalsSql } from '../sql/totals-sql';
import { type ShapeRow, toModelRecords } from '../sql/totals-row';
import { HOUR_MS, hourOf } from '../totals';
import { migratePostgres } from './postgres-migrate';
import {
  ADD_CONVERSATION_FACETS,
  ADD_PANEL_MEMBERS,
  ADD_REFUSALS,
  DROP_OLD_MINUTES,
  INSERT_CALLS,
  INSERT_TRANSCRIPTS,
  INSERT_TURNS,
  PAGE_CALLS,
  PRUNE,
  SYNC_CONVERSATION_FACETS,
  UPSERT_CONVERSATIONS,
} from './postgres-sql';
import { refusalIdsBefore, type RefusalCount, type RefusalRecord, type RefusalsQuery } from '../refusals';
import { REFUSALS_SQL, refusalCountsOfRows, refusalToRow, type RefusalRow } from '../sql/refusal-rows';
import type { CallFilter, CallVerdict, CallWithVerdict } from '../dashboard/call-query';
import type { ConversationFilter, ConversationSummary } from '../dashboard/conversation-summary';
import { conversationDeltas } from '../dashboard/conversation-deltas';
import { panelsOf } from '../dashboard/panels-of';
import { latestCallTime, MINUTES_KEPT_MS, minuteOf, minutesWholeFrom } from '../minute-totals';
import type { SeriesQuery, SeriesRow } from '../dashboard/series';
import { callRangeSql, prefixEnd } from '../sql/call-query-sql';
import { guidedCalls, type RunSql } from '../sql/calls-guide';
import { type CallVerdictRow, rowToCallWithVerdict } from '../sql/call-verdict-row';
import { type ConversationRow, listConversationsSql, toConversationSummaries } from '../sql/conversation-sql';
import { rowToSeries, type SeriesDbRow, seriesSql } from '../sql/series-sql';
import { rowToTranscript, type TranscriptRow, transcriptToRow } from '../sql/transcript-row';
import type { Transcript } from '../transcript';

const pgParam = (n: number) => `$${n}`;
import type { PruneCounts } from '../retention/prune-counts';

const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 15_000;

/** A PostgreSQL database shared by several gateway replicas. Open it with `PostgresStore.open`. */
export class PostgresStore implements LedgerStore {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;

  private constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  static async open(connectionString: string, poolSize = 4): Promise<PostgresStore> {
    // A database that hangs (not down: accepting, never answering) fails a connect in 5 s and a query in 15 s, rather
    // than holding the writes, the records every turn reads, a start-up or a shutdown for as long as it hangs.
    const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS });
    pool.on('error', () => {}); // an idle client's broken connection: the pool drops it, the next query reconnects
    // A checked-out client whose connection ends between queries emits 'error' with no listener of the pool's: without
    // one of ours, a database that goes away at that moment would take the process down (its queries still reject).
    pool.on('connect', (client) => client.on('error', () => {}));
    try {
      await migratePostgres(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresStore(pool);
  }

  async writeBatch(batch: WriteItem[]): Promise<void> {
    const calls: ReturnType<typeof callToRow>[] = [];
    const callRecords: CallRecord[] = [];
    const turns: ReturnType<typeof turnToRow>[] = [];
    const turnRecords: TurnRecord[] = [];
    const transcripts: TranscriptRow[] = [];
    const refused: RefusalRecord[] = [];
    for (const item of batch) {
      if (item.kind === 'refusal') refused.push(item.record);
      else if (item.kind === 'call') {
        calls.push(callToRow(item.record));
        callRecords.push(item.record);
      } else if (item.kind === 'turn') {
        turns.push(turnToRow(item.record));
        turnRecords.push(item.record);
      } else transcripts.push(transcriptToRow(item.record));
    }
    await inTransaction(this.#pool, async (client) => {
      if (calls.length > 0) await client.query(INSERT_CALLS, [JSON.stringify(calls)]);
      const latest = latestCallTime(callRecords);
      if (latest !== undefined) await client.query(DROP_OLD_MINUTES, [minuteOf(latest) - MINUTES_KEPT_MS]);
      const panels = panelsOf(callRecords);
      if (panels.length > 0) await client.query(ADD_PANEL_MEMBERS, [panels]);
      if (turns.length > 0) {
        const rows = JSON.stringify(latestTurns(turns));
        await client.query(INSERT_TURNS, [rows]);
        const deltas = conversationDeltas(turnRecords).map((d) => ({ ...d, last_status: d.lastStatus }));
        await client.query(UPSERT_CONVERSATIONS, [JSON.stringify(deltas)]);
        await client.query(SYNC_CONVERSATION_FACETS, [deltas.map((d) => d.conversation)]);
        await client.query(ADD_CONVERSATION_FACETS, [rows]);
      }
      if (transcripts.length > 0) await client.query(INSERT_TRANSCRIPTS, [JSON.stringify(transcripts)]);
      if (refused.length > 0) {
        const rows = refused.map((r) => ({ id: r.id, ...refusalToRow({ ...r, count: 1 }) }));
        await client.query(ADD_REFUSALS, [JSON.stringify(rows), refusalIdsBefore(refused)]);
      }
    });
  }

  async putVerdict(verdict: Verdict): Promise<void> {
    await inTransaction(this.#pool, async (client) => {
      // Locking the call row serialises verdicts on one call, so the previous one read here is current.
      const owner = await client.query<{ alias: string; collection: string; unit: string; time: string; key_name: string | null; shape: string }>(
        'SELECT alias, collection, unit, time, key_name, shape FROM calls WHERE id = $1 FOR UPDATE',
        [verdict.call],
      );
      const call = owner.rows[0];
      if (!call) throw new UnknownCallError(verdict.call);
      const previous = await client.query<{ useful: boolean }>('SELECT useful FROM verdicts WHERE call = $1', [verdict.call]);
      const delta = unitDelta(previous.rows[0]?.useful, verdict.useful);
      await client.query(
        `INSERT INTO verdicts (call, useful, note, time) VALUES ($1, $2, $3, $4)
         ON CONFLICT (call) DO UPDATE SET useful = excluded.useful, note = excluded.note, time = excluded.time`,
        [verdict.call, verdict.useful, verdict.note, verdict.time],
      );
      // A new unit is kept where this call is (its hour, key and shape); a unit's later verdicts count there too.
      const unit = await client.query<{ useful: number; total: number; hour: string; key_name: string; shape: string }>(
        `INSERT INTO unit_verdicts (collection, alias, unit, useful, total, hour, key_name, shape) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (collection, alias, unit) DO UPDATE
         SET useful = unit_verdicts.useful + excluded.useful, total = unit_verdicts.total + excluded.total
         RETURNING useful, total, hour, key_name, shape`,
        [call.collection, call.alias, call.unit, delta.useful, delta.total, hourOf(Number(call.time)), call.key_name ?? '', call.shape],
      );
      const after = unit.rows[0];
      if (!after) return;
      const useful = crossing(after.useful, delta.useful);
      const verdicts = crossing(after.total, delta.total);
      if (useful === 0 && verdicts === 0) return;
      await client.query(
        `WITH s AS (UPDATE shape_totals SET useful = useful + $1, verdicts = verdicts + $2 WHERE collection = $3 AND alias = $4 AND shape = $5),
         t AS (UPDATE call_totals SET useful = useful + $1, verdicts = verdicts + $2
           WHERE hour = $6 AND collection = $3 AND key_name = $7 AND alias = $4 AND shape = $5),
         k AS (UPDATE key_stats SET useful = useful + $1, verdicts = verdicts + $2 WHERE key_name = $7 AND collection = $3 AND alias = $4)
         UPDATE model_stats SET useful = useful + $1, verdicts = verdicts + $2 WHERE collection = $3 AND alias = $4`,
        [useful, verdicts, call.collection, call.alias, after.shape, after.hour, after.key_name],
      );
    });
  }

  async getCall(id: string): Promise<CallRecord | undefined> {
    const { rows } = await this.#pool.query<CallRow>('SELECT * FROM calls WHERE id = $1', [id]);
    return rows[0] && rowToCall(rows[0]);
  }

  async getVerdict(call: string): Promise<Verdict | undefined> {
    const { rows } = await this.#pool.query<{ call: string; useful: boolean; note: string | null; time: string }>(
      'SELECT call, useful, note, time FROM verdicts WHERE call = $1',
      [call],
    );
    const row = rows[0];
    return row && { call: row.call, useful: row.useful, note: row.note, time: Number(row.time) };
  }

  async getTurns(conversation: string): Promise<TurnRecord[]> {
    const { rows } = await this.#pool.query<TurnRow>('SELECT * FROM turns WHERE conversation = $1 ORDER BY turn', [conversation]);
    return rows.map(rowToTurn);
  }

  async shadowCalls(prefix: string): Promise<CallRecord[]> {
    // starts_with, not a range: the database's collation may not order ids byte by byte.
    const { rows } = await this.#pool.query<CallRow>(`SELECT * FROM calls WHERE purpose = 'shadow' AND starts_with(id, $1) ORDER BY id COLLATE "C"`, [prefix]);
    return rows.map(rowToCall);
  }

  async spend(query: SpendQuery): Promise<number> {
    const [column, value] = 'key' in query ? ['key_name', query.key] : ['collection', query.collection];
    const { rows } = await this.#pool.query<{ cost: string | number }>(
      `SELECT coalesce(sum(cost), 0) AS cost FROM calls WHERE time >= $1 AND ${column} = $2 AND purpose <> 'shadow'`,
      [query.from, value],
    );
    return Number(rows[0]?.cost ?? 0);
  }

  async refusals(query: RefusalsQuery): Promise<RefusalCount[]> {
    const { rows } = await this.#pool.query<RefusalRow>(
      REFUSALS_SQL((n) => `$${n}`),
      [query.from, query.to],
    );
    return refusalCountsOfRows(rows);
  }

  async keyTotals(query: KeyTotalsQuery): Promise<KeyTotals> {
    const { rows } = await this.#pool.query<KeyTotalsRow>(
      KEY_TOTALS_SQL((n) => `$${n}`),
      [query.key, query.from],
    );
    return keyTotalsOfRow(rows[0]);
  }

  async stats(query: StatsQuery): Promise<ModelStats[]> {
    const source = statsSource(query);
    if (source.table === 'totals') {
      const sql = statsFromTotalsSql(source.collection !== undefined, source.key !== undefined, (n) => `$${n}`);
      const { rows } = await this.#pool.query<StatsRow>(sql, totalsParams(source));
      return rows.map(rowToStats);
    }
    if (source.table === 'keys') {
      const { rows } = await this.#pool.query<StatsRow>(keyStatsSql(source.collection !== undefined, pgParam), keyStatsParams(source));
      return rows.map(rowToStats);
    }
    const { rows } =
      source.collection === undefined
        ? await this.#pool.query<StatsRow>(statsSql(false, '$1'))
        : await this.#pool.query<StatsRow>(statsSql(true, '$1'), [source.collection]);
    return rows.map(rowToStats);
  }

  async records(query: RecordsQuery): Promise<ModelRecord[]> {
    const sql = recordsSql(query.collection !== undefined, query.alias !== undefined, (n) => `$${n}`);
    const { rows } = await this.#pool.query<ShapeRow>(
      sql,
      [query.collection, query.alias].filter((value) => value !== undefined),
    );
    return toModelRecords(rows, query.collection ?? null);
  }

  async exportPage(range: TimeRange, after: CallCursor | undefined, limit: number, format: ExportFormat): Promise<ExportPage> {
    // Without a cursor the keyset bound is the range's start (ids are never empty): a bound of -1 had Postgres scan
    // the (time, id) index from its first entry, 1.4 s at 10 M calls for a page of the last day.
    const { rows } = await this.#pool.query<unknown[]>({
      text: PAGE_CALLS,
      values: [range.from, range.to, after?.time ?? range.from, after?.id ?? '', limit],
      rowMode: 'array',
    });
    return toExportPage(rows, format);
  }

  async prune(before: number, limit: number): Promise<PruneCounts> {
    const { rows } = await this.#pool.query<{ calls: string; verdicts: string; turns: string }>(PRUNE, [before, limit]);
    return { calls: Number(rows[0]?.calls ?? 0), verdicts: Number(rows[0]?.verdicts ?? 0), turns: Number(rows[0]?.turns ?? 0), batches: 1 };
  }

  async queryCalls(filter: CallFilter, before: CallCursor | undefined, limit: number): Promise<CallWithVerdict[]> {
    const run: RunSql = async (sql, values) => (await this.#pool.query(sql, values)).rows;
    return (await guidedCalls<CallVerdictRow>(filter, before, limit, pgParam, run)).map(rowToCallWithVerdict);
  }

  async callsWithPrefix(prefix: string): Promise<CallWithVerdict[]> {
    // A range on the primary key: ids are COLLATE "C", so they order byte by byte.
    const { rows } = await this.#pool.query<CallVerdictRow>(callRangeSql(pgParam), [prefix, prefixEnd(prefix)]);
    return rows.map(rowToCallWithVerdict);
  }

  async getVerdicts(calls: readonly string[]): Promise<Record<string, CallVerdict>> {
    const { rows } = await this.#pool.query<{ call: string; useful: boolean; note: string | null; time: string }>(
      'SELECT call, useful, note, time FROM verdicts WHERE call = ANY($1::text[])',
      [calls],
    );
    return Object.fromEntries(rows.map((row) => [row.call, { useful: row.useful, note: row.note, time: Number(row.time) }]));
  }

  async conversations(filter: ConversationFilter, before: CallCursor | undefined, limit: number): Promise<ConversationSummary[]> {
    const { sql, values } = listConversationsSql(filter, before, limit, pgParam);
    const { rows } = await this.#pool.query<ConversationRow>(sql, values);
    const members = await this.#pool.query<{ conversation: string; alias: string }>(
      'SELECT conversation, alias FROM turns WHERE conversation = ANY($1::text[]) ORDER BY conversation, turn',
      [rows.map((row) => row.conversation)],
    );
    return toConversationSummaries(rows, members.rows);
  }

  async series(query: SeriesQuery): Promise<SeriesRow[]> {
    const whole = query.bucketMs % HOUR_MS !== 0 && query.from >= minutesWholeFrom(await this.#latestMinute());
    const { sql, values } = seriesSql(query, pgParam, whole);
    const { rows } = await this.#pool.query<SeriesDbRow>(sql, values);
    return rows.map(rowToSeries);
  }

  /** The latest minute the per-minute roll-ups hold (null: none). */
  async #latestMinute(): Promise<number | null> {
    const { rows } = await this.#pool.query<{ minute: string | null }>('SELECT max(minute) AS minute FROM model_minutes');
    const minute = rows[0]?.minute;
    return minute === null || minute === undefined ? null : Number(minute);
  }

  async getTranscripts(calls: readonly string[]): Promise<Transcript[]> {
    const { rows } = await this.#pool.query<TranscriptRow>('SELECT call, time, body FROM transcripts WHERE call = ANY($1::text[])', [calls]);
    return rows.map(rowToTranscript);
  }

  async deleteTranscripts(before: number, limit: number): Promise<number> {
    const { rowCount } = await this.#pool.query('DELETE FROM transcripts WHERE call IN (SELECT call FROM transcripts WHERE time < $1 ORDER BY time LIMIT $2)', [
      before,
      limit,
    ]);
    return rowCount ?? 0;
  }

  async putResponse(id: string, body: string, expires: number): Promise<void> {
    await this.#pool.query(
      'INSERT INTO stored_responses (id, body, expires) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET body = excluded.body, expires = excluded.expires',
      [id, body, expires],
    );
  }

  async getResponse(id: string, now: number, expires: number): Promise<string | undefined> {
    const { rows } = await this.#pool.query<{ body: string }>('UPDATE stored_responses SET expires = $1 WHERE id = $2 AND expires > $3 RETURNING body', [
      expires,
      id,
      now,
    ]);
    return rows[0]?.body;
  }

  async deleteResponse(id: string): Promise<void> {
    await this.#pool.query('DELETE FROM stored_responses WHERE id = $1', [id]);
  }

  async deleteExpiredResponses(now: number, limit: number): Promise<number> {
    const { rowCount } = await this.#pool.query(
      'DELETE FROM stored_responses WHERE id IN (SELECT id FROM stored_responses WHERE expires <= $1 ORDER BY expires LIMIT $2)',
      [now, limit],
    );
    return rowCount ?? 0;
  }

  async ping(): Promise<void> {
    await this.#pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}

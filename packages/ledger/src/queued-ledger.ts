import type { CallInput, CallRecord } from './call-record';
import { LedgerUnwrittenError } from './errors/ledger-unwritten-error';
import { LedgerRefusedError } from './errors/ledger-refused-error';
import type { LedgerWriteError } from './errors/ledger-write-error';
import { exportCalls, exportRange } from './export/export-calls';
import type { ExportOptions, Ledger, LedgerHealth, LedgerOptions } from './ledger';
import type { LedgerStore } from './ledger-store';
import { type QueuedWrite, toWriteItem } from './queued-write';
import type { ModelRecord, RecordsQuery } from './model-record';
import type { ModelStats, StatsQuery } from './model-stats';
import { newCallId } from './new-call-id';
import { toCallRecord } from './to-call-record';
import { shadowCallPrefix } from './shadow-call-id';
import type { TurnInput, TurnRecord } from './turn-record';
import type { TurnWithShadows } from './turn-with-shadows';
import { validateCall } from './validate/validate-call';
import { validateRecordsQuery, validateStatsQuery } from './validate/validate-stats-query';
import { validateSpendQuery } from './validate/validate-spend-query';
import type { SpendQuery } from './spend-query';
import type { KeyTotals, KeyTotalsQuery } from './key-totals';
import { validateKeyTotalsQuery } from './validate/validate-key-totals-query';
import type { RefusalCount, RefusalInput, RefusalsQuery } from './refusals';
import { validateRefusal, validateRefusalsQuery } from './validate/validate-refusal';
import { validateTurn } from './validate/validate-turn';
import { validateVerdict } from './validate/validate-verdict';
import type { Verdict } from './verdict';
import { WriteQueue } from './write-queue';
import { LedgerInputError } from './errors/ledger-input-error';
import type { LedgerRetentionError } from './errors/ledger-retention-error';
import { addPruned, NOTHING_PRUNED, type PruneCounts } from './retention/prune-counts';
import { RetentionTimer } from './retention/retention-timer';

/** Rows deleted per retention transaction when `retention.batchSize` does not say: small enough never to hold writers up long. */
const PRUNE_BATCH = 1_000;
const HOUR_MS = 3_600_000;
import type { CallPage, CallQuery, CallVerdict, CallWithVerdict } from './dashboard/call-query';
import type { ConversationPage, ConversationQuery } from './dashboard/conversation-summary';
import type { SeriesQuery, SeriesRow } from './dashboard/series';
import type { Transcript, TranscriptInput } from './transcript';
import { DEFAULT_PAGE, validateCallQuery, validateConversationQuery, validateSeriesQuery } from './validate/validate-dashboard-query';
import { validateTranscript } from './validate/validate-transcript';

/** How often keeping a response also deletes expired ones (a batch at a time). */
const RESPONSE_SWEEP_MS = 60_000;
/** Transcripts deleted per statement when they expire. */
const EXPIRE_BATCH = 500;

type QueueItem = QueuedWrite;

/** Attempts `close()` makes to write what is queued before it gives up and reports. */
const CLOSE_ATTEMPTS = 5;

/** Any store behind the one write queue: the request path only ever validates and pushes. */
export class QueuedLedger implements Ledger {
  readonly #store: LedgerStore;
  readonly #options: LedgerOptions;
  readonly #now: () => number;
  readonly #queue: WriteQueue<QueueItem>;
  #refused = 0;
  /** When expired responses were last deleted. */
  #responsesSweptAt = Number.NEGATIVE_INFINITY;
  #closed = false;
  readonly #retention: RetentionTimer | undefined;

  constructor(store: LedgerStore, options: LedgerOptions = {}) {
    this.#store = store;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#queue = new WriteQueue<QueueItem>({
      write: (batch) => {
        const price = options.price;
        return store.writeQueued ? store.writeQueued(batch, price) : store.writeBatch(batch.map((item) => toWriteItem(item, price)));
      },
      batchSize: options.batchSize ?? 500,
      windowMs: options.windowMs ?? 50,
      maxQueued: options.maxQueued ?? 100_000,
      retryBaseMs: options.retryBaseMs ?? 100,
      retryMaxMs: 5_000,
      gatherAfterWrite: true,
      onError: (error) => this.#report(error),
    });
    const retention = options.retention;
    if (retention) {
      this.#retention = new RetentionTimer({
        keepMs: retention.keepMs,
        everyMs: retention.everyMs ?? HOUR_MS,
        now: this.#now,
        prune: (before) => this.prune(before),
        onError: (error) => this.#report(error),
      });
      this.#retention.start();
    }
  }

  recordCall(call: CallInput): boolean {
    const input = validateCall(call);
    return this.#enqueue({ kind: 'call', input, time: this.#now() });
  }

  recordTurn(turn: TurnInput): boolean {
    const input = validateTurn(turn);
    return this.#enqueue({ kind: 'turn', input, time: this.#now() });
  }

  async recordVerdict(value: unknown): Promise<Verdict> {
    const input = validateVerdict(value);
    if (this.#queuedCall(input.call)) await this.#queue.flush();
    const verdict: Verdict = { call: input.call, useful: input.useful, note: input.note ?? null, time: this.#now() };
    await this.#store.putVerdict(verdict);
    return verdict;
  }

  async getCall(id: string): Promise<CallRecord | undefined> {
    const queued = this.#queuedCall(id);
    if (queued) return toCallRecord(queued.input, queued.time, this.#options.price);
    return this.#store.getCall(id);
  }

  getVerdict(call: string): Promise<Verdict | undefined> {
    return this.#store.getVerdict(call);
  }

  async getTurns(conversation: string): Promise<TurnRecord[]> {
    if (this.#queue.find((item) => item.kind === 'turn' && item.input.conversation === conversation)) await this.#queue.flush();
    return this.#store.getTurns(conversation);
  }

  async turnWithShadows(call: string): Promise<TurnWithShadows | undefined> {
    const prefix = shadowCallPrefix(call);
    if (this.#queue.find((item) => item.kind === 'call' && (item.input.id === call || item.input.id.startsWith(prefix)))) await this.#queue.flush();
    const turn = await this.#store.getCall(call);
    return turn && { call: turn, shadows: await this.#store.shadowCalls(prefix) };
  }

  async stats(query: StatsQuery = {}): Promise<ModelStats[]> {
    return this.#store.stats(validateStatsQuery(query));
  }

  async records(query: RecordsQuery = {}): Promise<ModelRecord[]> {
    return this.#store.records(validateRecordsQuery(query));
  }

  async spend(query: SpendQuery): Promise<number> {
    const valid = validateSpendQuery(query);
    await this.#queue.flush();
    return this.#store.spend(valid);
  }

  async keyTotals(query: KeyTotalsQuery): Promise<KeyTotals> {
    const valid = validateKeyTotalsQuery(query);
    await this.#queue.flush();
    return this.#store.keyTotals(valid);
  }

  recordRefusal(refusal: RefusalInput): boolean {
    const input = validateRefusal(refusal);
    const time = this.#now();
    return this.#enqueue({ kind: 'refusal', input, time, id: newCallId('refusal-', time) });
  }

  async refusals(query: RefusalsQuery): Promise<RefusalCount[]> {
    const valid = validateRefusalsQuery(query);
    await this.#flushQueued('refusal');
    return this.#store.refusals(valid);
  }

  recordTranscript(transcript: TranscriptInput): boolean {
    const input = validateTranscript(transcript);
    return this.#enqueue({ kind: 'transcript', input, time: this.#now() });
  }

  async transcripts(calls: readonly string[]): Promise<Transcript[]> {
    if (this.#queue.find((item) => item.kind === 'transcript' && calls.includes(item.input.call))) await this.#queue.flush();
    return this.#store.getTranscripts(calls);
  }

  expireTranscripts(before: number, batch = EXPIRE_BATCH): Promise<number> {
    return this.#store.deleteTranscripts(before, batch);
  }

  get store(): LedgerStore['kind'] {
    return this.#store.kind;
  }

  async keepResponse(id: string, body: string, ttlMs: number): Promise<void> {
    const now = this.#now();
    await this.#store.putResponse(id, body, now + ttlMs);
    if (now - this.#responsesSweptAt < RESPONSE_SWEEP_MS) return;
    this.#responsesSweptAt = now;
    // Not awaited: the caller's reply need not wait for old responses to go. One that fails leaves them for the next
    // sweep; an expired response is never answered meanwhile (a read checks its expiry).
    this.#store.deleteExpiredResponses(now, EXPIRE_BATCH).catch(() => undefined);
  }

  keptResponse(id: string, ttlMs: number): Promise<string | undefined> {
    const now = this.#now();
    return this.#store.getResponse(id, now, now + ttlMs);
  }

  forgetResponse(id: string): Promise<void> {
    return this.#store.deleteResponse(id);
  }

  async calls(query: CallQuery = {}): Promise<CallPage> {
    const { cursor, limit = DEFAULT_PAGE, ...filter } = validateCallQuery(query);
    await this.#flushQueued('call');
    // One more than a page says whether there is a next one.
    const rows = await this.#store.queryCalls(filter, cursor, limit + 1);
    const calls = rows.slice(0, limit);
    const last = calls.at(-1);
    return { calls, next: rows.length > limit && last ? { time: last.time, id: last.id } : null };
  }

  async callsWithPrefix(prefix: string): Promise<CallWithVerdict[]> {
    if (this.#queue.find((item) => item.kind === 'call' && item.input.id.startsWith(prefix))) await this.#queue.flush();
    return this.#store.callsWithPrefix(prefix);
  }

  verdicts(calls: readonly string[]): Promise<Record<string, CallVerdict>> {
    return this.#store.getVerdicts(calls);
  }

  async conversations(query: ConversationQuery = {}): Promise<ConversationPage> {
    const { cursor, limit = DEFAULT_PAGE, ...filter } = validateConversationQuery(query);
    await this.#flushQueued('turn');
    const rows = await this.#store.conversations(filter, cursor, limit + 1);
    const conversations = rows.slice(0, limit);
    const last = conversations.at(-1);
    return { conversations, next: rows.length > limit && last ? { time: last.updated, id: last.id } : null };
  }

  async series(query: SeriesQuery): Promise<SeriesRow[]> {
    const checked = validateSeriesQuery(query);
    await this.#flushQueued('call');
    return this.#store.series(checked);
  }

  exportCalls(options: ExportOptions): AsyncIterable<string> {
    exportRange(options); // bad options throw here, not on the first read
    return exportCalls(this.#store, options);
  }

  async prune(before: number): Promise<PruneCounts> {
    if (typeof before !== 'number' || !Number.isFinite(before)) throw new LedgerInputError('before', 'must be epoch milliseconds');
    const limit = this.#options.retention?.batchSize ?? PRUNE_BATCH;
    let pruned = NOTHING_PRUNED;
    while (!this.#closed) {
      const batch = await this.#store.prune(before, limit);
      pruned = addPruned(pruned, batch);
      if (batch.calls < limit && batch.turns < limit) break;
      // Between batches the event loop takes whatever waits (writes queue up on the same store).
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (pruned.calls + pruned.turns > 0) {
      try {
        this.#options.onPruned?.(pruned, before);
      } catch {
        // a throwing hook must not stop retention
      }
    }
    return pruned;
  }

  flush(): Promise<void> {
    return this.#queue.flush();
  }

  async health(): Promise<LedgerHealth> {
    const base = { store: this.#store.kind, queued: this.#queue.size, refused: this.#refused };
    if (this.#closed) return { ok: false, ...base, error: 'the ledger is closed' };
    try {
      await this.#store.ping();
      return { ok: true, ...base };
    } catch (error) {
      return { ok: false, ...base, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#retention?.stop();
    let unwritten: LedgerUnwrittenError | undefined;
    try {
      await this.#queue.flush(CLOSE_ATTEMPTS);
    } catch (error) {
      unwritten = new LedgerUnwrittenError(this.#queue.size, error);
    } finally {
      this.#queue.stop();
      await this.#store.close();
    }
    if (unwritten) throw unwritten;
  }

  /** Lists read the store: what is still queued of that kind is written first, so a list shows what was recorded. */
  async #flushQueued(kind: QueueItem['kind']): Promise<void> {
    if (this.#queue.find((item) => item.kind === kind)) await this.#queue.flush();
  }

  #queuedCall(id: string): Extract<QueueItem, { kind: 'call' }> | undefined {
    const item = this.#queue.find((queued) => queued.kind === 'call' && queued.input.id === id);
    return item?.kind === 'call' ? item : undefined;
  }

  #enqueue(item: QueueItem): boolean {
    if (!this.#closed && this.#queue.push(item)) return true;
    this.#refused += 1;
    this.#report(new LedgerRefusedError(this.#closed ? 'closed' : 'queue-full', refusedLabel(item)));
    return false;
  }

  #report(error: LedgerWriteError | LedgerRefusedError | LedgerRetentionError): void {
    try {
      this.#options.onError?.(error);
    } catch {
      // a throwing hook must not reach the request path
    }
  }
}

/** What a refusal names (built only on a refusal: recording runs for every call). */
function refusedLabel(item: QueueItem): string {
  if (item.kind === 'call') return item.input.id;
  if (item.kind === 'turn') return `${item.input.conversation}#${item.input.turn}`;
  if (item.kind === 'refusal') return `refusal of key ${item.input.keyName}`;
  return `transcript ${item.input.call}`;
}

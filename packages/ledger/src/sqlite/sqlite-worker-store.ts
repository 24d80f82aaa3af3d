import type { ExportPage } from '../export/export-page';
import type { ExportFormat } from '../ledger';
import type { RefusalCount, RefusalsQuery } from '../refusals';
import { Worker } from 'node:worker_threads';
import type { CallRecord } from '../call-record';
import type { QueuedWrite } from '../queued-write';
import type { PriceLookup } from '../to-call-record';
import type { CallFilter, CallVerdict, CallWithVerdict } from '../dashboard/call-query';
import type { ConversationFilter, ConversationSummary } from '../dashboard/conversation-summary';
import type { SeriesQuery, SeriesRow } from '../dashboard/series';
import type { CallCursor, LedgerStore, TimeRange, WriteItem } from '../ledger-store';
import type { Transcript } from '../transcript';
import type { ModelStats, StatsQuery } from '../model-stats';
import type { SpendQuery } from '../spend-query';
import type { KeyTotals, KeyTotalsQuery } from '../key-totals';
import type { ModelRecord, RecordsQuery } from '../model-record';
import type { TurnRecord } from '../turn-record';
import type { PruneCounts } from '../retention/prune-counts';
import type { Verdict } from '../verdict';
import { fromWireError, type WakeUp, type WorkerOp, type WorkerReady, type WorkerReply } from './worker-protocol';
import { sqliteWorkerScript } from './sqlite-worker-script';
import { encodeWriteBatch } from './write-batch-codec';
import { WriteMailbox } from './write-mailbox';

interface Pending {
  worker: Worker;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * A SQLite store whose connection lives on a worker thread: the ledger's queued
 * inputs cross in batches (the worker builds their records) with their numbers in a buffer and their strings joined in one (see
 * `write-batch-codec.ts`), left in a shared mailbox that the worker polls while batches come (`write-mailbox.ts`);
 * verdicts and reads as structured-clone messages
 * (measured cheaper on the calling thread than JSON). The caller's thread
 * never runs a statement. The worker is referenced only while
 * a request is outstanding, so an idle ledger does not keep the process alive.
 * If the worker dies, every outstanding request rejects and the next one
 * starts a new worker on the same file.
 */
export class SqliteWorkerStore implements LedgerStore {
  readonly kind = 'sqlite' as const;
  readonly #path: string;
  readonly #pending = new Map<number, Pending>();
  #worker: Promise<Worker> | undefined;
  /** Each worker's mailbox, where queued batches wait for it (see `write-mailbox.ts`). */
  readonly #mailboxes = new WeakMap<Worker, WriteMailbox>();
  #current: Worker | undefined;
  #next = 0;
  #closed = false;

  private constructor(path: string) {
    this.#path = path;
  }

  /** Starts the worker and waits until it has opened and migrated the file. */
  static async open(path: string): Promise<SqliteWorkerStore> {
    const store = new SqliteWorkerStore(path);
    await store.#start();
    return store;
  }

  /** Records built elsewhere, by structured clone (the ledger writes through `writeQueued`). */
  writeBatch(batch: WriteItem[]): Promise<void> {
    return this.#call('writeBatch', [batch]) as Promise<void>;
  }

  /** Queued inputs, encoded (see `write-batch-codec.ts`): the worker builds their records. */
  async writeQueued(batch: readonly QueuedWrite[], price: PriceLookup | undefined): Promise<void> {
    const encoded = encodeWriteBatch(batch, price);
    if (this.#closed) throw new Error('the SQLite ledger is closed');
    const worker = await this.#start();
    const mailbox = this.#mailboxes.get(worker);
    await new Promise((resolve, reject) => {
      const id = ++this.#next;
      this.#pending.set(id, { worker, resolve, reject });
      worker.ref();
      if (!mailbox?.put(id, encoded)) worker.postMessage({ id, op: 'writeQueued', args: [encoded] }, [encoded.numbers.buffer]);
      else if (mailbox.sleeping) worker.postMessage({ op: 'poll' } satisfies WakeUp);
    });
  }

  putVerdict(verdict: Verdict): Promise<void> {
    return this.#call('putVerdict', [verdict]) as Promise<void>;
  }

  getCall(id: string): Promise<CallRecord | undefined> {
    return this.#call('getCall', [id]) as Promise<CallRecord | undefined>;
  }

  getVerdict(call: string): Promise<Verdict | undefined> {
    return this.#call('getVerdict', [call]) as Promise<Verdict | undefined>;
  }

  getTurns(conversation: string): Promise<TurnRecord[]> {
    return this.#call('getTurns', [conversation]) as Promise<TurnRecord[]>;
  }

  shadowCalls(prefix: string): Promise<CallRecord[]> {
    return this.#call('shadowCalls', [prefix]) as Promise<CallRecord[]>;
  }

  spend(query: SpendQuery): Promise<number> {
    return this.#call('spend', [query]) as Promise<number>;
  }

  keyTotals(query: KeyTotalsQuery): Promise<KeyTotals> {
    return this.#call('keyTotals', [query]) as Promise<KeyTotals>;
  }

  refusals(query: RefusalsQuery): Promise<RefusalCount[]> {
    return this.#call('refusals', [query]) as Promise<RefusalCount[]>;
  }

  stats(query: StatsQuery): Promise<ModelStats[]> {
    return this.#call('stats', [query]) as Promise<ModelStats[]>;
  }

  records(query: RecordsQuery): Promise<ModelRecord[]> {
    return this.#call('records', [query]) as Promise<ModelRecord[]>;
  }

  exportPage(range: TimeRange, after: CallCursor | undefined, limit: number, format: ExportFormat): Promise<ExportPage> {
    return this.#call('exportPage', [range, after, limit, format]) as Promise<ExportPage>;
  }

  prune(before: number, limit: number): Promise<PruneCounts> {
    return this.#call('prune', [before, limit]) as Promise<PruneCounts>;
  }

  queryCalls(filter: CallFilter, before: CallCursor | undefined, limit: number): Promise<CallWithVerdict[]> {
    return this.#call('queryCalls', [filter, before, limit]) as Promise<CallWithVerdict[]>;
  }

  callsWithPrefix(prefix: string): Promise<CallWithVerdict[]> {
    return this.#call('callsWithPrefix', [prefix]) as Promise<CallWithVerdict[]>;
  }

  getVerdicts(calls: readonly string[]): Promise<Record<string, CallVerdict>> {
    return this.#call('getVerdicts', [calls]) as Promise<Record<string, CallVerdict>>;
  }

  conversations(filter: ConversationFilter, before: CallCursor | undefined, limit: number): Promise<ConversationSummary[]> {
    return this.#call('conversations', [filter, before, limit]) as Promise<ConversationSummary[]>;
  }

  series(query: SeriesQuery): Promise<SeriesRow[]> {
    return this.#call('series', [query]) as Promise<SeriesRow[]>;
  }

  getTranscripts(calls: readonly string[]): Promise<Transcript[]> {
    return this.#call('getTranscripts', [calls]) as Promise<Transcript[]>;
  }

  deleteTranscripts(before: number, limit: number): Promise<number> {
    return this.#call('deleteTranscripts', [before, limit]) as Promise<number>;
  }

  async putResponse(id: string, body: string, expires: number): Promise<void> {
    await this.#call('putResponse', [id, body, expires]);
  }

  getResponse(id: string, now: number, expires: number): Promise<string | undefined> {
    return this.#call('getResponse', [id, now, expires]) as Promise<string | undefined>;
  }

  async deleteResponse(id: string): Promise<void> {
    await this.#call('deleteResponse', [id]);
  }

  deleteExpiredResponses(now: number, limit: number): Promise<number> {
    return this.#call('deleteExpiredResponses', [now, limit]) as Promise<number>;
  }

  async ping(): Promise<void> {
    await this.#call('ping', []);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const worker = this.#worker;
    if (!worker) return;
    try {
      await this.#send(await worker, 'close', []);
    } finally {
      await (await worker.catch(() => undefined))?.terminate();
      this.#worker = undefined;
    }
  }

  /** `transfer`: buffers in `args` that move to the worker rather than being copied (the caller no longer reads them). */
  async #call(op: WorkerOp, args: unknown[], transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.#closed) throw new Error('the SQLite ledger is closed');
    return this.#send(await this.#start(), op, args, transfer);
  }

  #send(worker: Worker, op: WorkerOp, args: unknown[], transfer: ArrayBuffer[] = []): Promise<unknown> {
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { worker, resolve, reject });
      worker.ref();
      worker.postMessage({ id, op, args }, transfer);
    });
  }

  #start(): Promise<Worker> {
    this.#worker ??= new Promise<Worker>((resolve, reject) => {
      const mailbox = new WriteMailbox();
      const worker = new Worker(sqliteWorkerScript(), { workerData: { path: this.#path, mailbox: mailbox.buffer } });
      this.#mailboxes.set(worker, mailbox);
      worker.once('message', (ready: WorkerReady) => {
        if (ready.ready) {
          worker.on('message', (reply: WorkerReply) => this.#settle(worker, reply));
          worker.unref();
          this.#current = worker;
          resolve(worker);
        } else {
          reject(fromWireError(ready.error));
          void worker.terminate();
        }
      });
      worker.once('error', (error) => {
        reject(error);
        this.#stopped(worker, error);
      });
      worker.once('exit', (code) => this.#stopped(worker, new Error(`the SQLite ledger's worker stopped (exit code ${code})`)));
    });
    const started = this.#worker;
    started.catch(() => {
      if (this.#worker === started) this.#worker = undefined; // the next request tries again
    });
    return started;
  }

  #settle(worker: Worker, reply: WorkerReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (![...this.#pending.values()].some((p) => p.worker === worker)) worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(fromWireError(reply.error));
  }

  /** The worker is gone: fail what it held, and let the next request start another. */
  #stopped(worker: Worker, error: Error): void {
    if (this.#current === worker) {
      this.#current = undefined;
      this.#worker = undefined;
    }
    for (const [id, request] of this.#pending) {
      if (request.worker !== worker) continue;
      this.#pending.delete(id);
      request.reject(error);
    }
  }
}

import { UnknownCallError } from '../errors/unknown-call-error';
import type { LedgerStore } from '../ledger-store';

/** The store methods the worker answers, by name. */
export type WorkerOp =
  | 'writeBatch'
  | 'writeQueued'
  | 'putVerdict'
  | 'getCall'
  | 'getVerdict'
  | 'getTurns'
  | 'shadowCalls'
  | 'spend'
  | 'keyTotals'
  | 'refusals'
  | 'stats'
  | 'records'
  | 'exportPage'
  | 'prune'
  | 'queryCalls'
  | 'callsWithPrefix'
  | 'getVerdicts'
  | 'conversations'
  | 'series'
  | 'getTranscripts'
  | 'deleteTranscripts'
  | 'putResponse'
  | 'getResponse'
  | 'deleteResponse'
  | 'deleteExpiredResponses'
  | 'ping'
  | 'close';

export interface WorkerRequest {
  id: number;
  op: WorkerOp;
  args: unknown[];
}

/** Tells a worker that stopped polling its mailbox that a batch waits there. */
export interface WakeUp {
  op: 'poll';
}

/** An error as it crosses the thread boundary (structured clone drops the class). */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  /** Set for an `UnknownCallError`. */
  call?: string;
}

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** The first message from the worker: the file is open and migrated, or why not. */
export type WorkerReady = { ready: true } | { ready: false; error: WireError };

export function toWireError(error: unknown): WireError {
  if (UnknownCallError.isInstance(error)) return { name: error.name, message: error.message, call: error.call };
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  return { name: error.name, message: error.message, ...(code ? { code } : {}) };
}

export function fromWireError(wire: WireError): Error {
  if (wire.call !== undefined) return new UnknownCallError(wire.call);
  const error = new Error(wire.message) as Error & { code?: string };
  error.name = wire.name;
  if (wire.code) error.code = wire.code;
  return error;
}

/** Runs one request against the worker's own store. */
export async function answer(store: LedgerStore & Record<WorkerOp, (...args: unknown[]) => Promise<unknown>>, request: WorkerRequest): Promise<WorkerReply> {
  try {
    return { id: request.id, ok: true, value: await store[request.op](...request.args) };
  } catch (error) {
    return { id: request.id, ok: false, error: toWireError(error) };
  }
}

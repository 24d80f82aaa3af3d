import pino, { type Logger } from 'pino';
import { BatchedLogDestination } from './batched-log-destination';

/** What one request's access-log line says: never the key, the query string or the prompt. */
export interface AccessRecord {
  method: string;
  /** The path without its query string. */
  route: string;
  status: number;
  key?: string;
  collection?: string;
  model?: string;
  reply?: string;
  /** What the call cost in dollars (a panel's: all its calls), where the models have prices. */
  cost?: number;
  seconds: number;
  error?: string;
}

/** Loggers made by `createLogger`, with their destination: their access lines are built by hand (see `accessLine`) and written to it. */
const ours = new WeakMap<Logger, { write(line: string): unknown }>();

/** One JSON line per event on stdout, in batches of at most 50 ms (flushed by `gateway.close()` and at exit; see `BatchedLogDestination` for how a batch is written). */
export function createLogger(level: string = process.env.BENCH_LOG_LEVEL ?? 'info'): Logger {
  const destination = new BatchedLogDestination(1);
  const logger = pino({ level, base: undefined, messageKey: 'msg' }, destination);
  ours.set(logger, destination);
  return logger;
}

/**
 * Logs one request. On a logger of ours the line is the one pino would write
 * (same fields, order and escaping), built directly: measured at about half
 * of pino's main-thread CPU a line, which matters at one line a request. A
 * logger given by the embedder goes through pino, with its own hooks.
 */
export function logAccess(logger: Logger, record: AccessRecord): void {
  const destination = ours.get(logger);
  if (!destination) logger.info(record, 'request');
  else if (logger.isLevelEnabled('info')) destination.write(accessLine(record, Date.now()));
}

/** pino's line for `logger.info(record, 'request')` at level info (30) with the default epoch-ms time. */
export function accessLine(r: AccessRecord, time: number): string {
  let line = `{"level":30,"time":${time}${headOf(r)}`;
  if (r.cost !== undefined) line += `,"cost":${num(r.cost)}`;
  line += `,"seconds":${num(r.seconds)}`;
  if (r.error !== undefined) line += `,"error":${q(r.error)}`;
  return `${line},"msg":"request"}\n`;
}

type Head = Pick<AccessRecord, 'method' | 'route' | 'status' | 'key' | 'collection' | 'model' | 'reply'> & { text: string };
/** The last line's fields from `method` to `reply`, written: a busy server's next line is mostly the same route, key and model. */
let last: Head | undefined;

function headOf(r: AccessRecord): string {
  const h = last;
  if (
    h !== undefined &&
    h.method === r.method &&
    h.route === r.route &&
    h.status === r.status &&
    h.key === r.key &&
    h.collection === r.collection &&
    h.model === r.model &&
    h.reply === r.reply
  )
    return h.text;
  let text = `,"method":${q(r.method)},"route":${q(r.route)},"status":${num(r.status)}`;
  if (r.key !== undefined) text += `,"key":${q(r.key)}`;
  if (r.collection !== undefined) text += `,"collection":${q(r.collection)}`;
  if (r.model !== undefined) text += `,"model":${q(r.model)}`;
  if (r.reply !== undefined) text += `,"reply":${q(r.reply)}`;
  last = { method: r.method, route: r.route, status: r.status, key: r.key, collection: r.collection, model: r.model, reply: r.reply, text };
  return text;
}

/**
 * A string as `JSON.stringify` writes it: quoted as it is when nothing in it needs escaping (the usual case; measured
 * about a fifth of a line's cost), else through `JSON.stringify`.
 */
function q(value: string): string {
  if (value.length > 64) return JSON.stringify(value);
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(value);
  }
  return `"${value}"`;
}

/** A number as JSON writes it (NaN and infinities as null). */
function num(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

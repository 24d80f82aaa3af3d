import pino, { type Logger } from 'pino';

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

/** One JSON line per event on stdout, written asynchronously in batches (flushed by `gateway.close()`). */
export function createLogger(level: string = process.env.BENCH_LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: undefined, messageKey: 'msg' }, pino.destination({ dest: 1, sync: false, minLength: 4096 }));
}

export function logAccess(logger: Logger, record: AccessRecord): void {
  logger.info(record, 'request');
}

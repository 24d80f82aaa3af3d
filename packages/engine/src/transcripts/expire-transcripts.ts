import type { Ledger } from '@bench/ledger';
import type { EngineLogger } from '../runtime/engine-logger';

/** How often transcripts older than `keep` are looked for. */
const EXPIRY_EVERY_MS = 10 * 60_000;

/**
 * Deletes transcripts older than `keepMs`, at start and then every ten minutes, a batch per statement with the event
 * loop let go between batches (a backlog never holds the ledger's writes for long). Returns its stop.
 */
export function startTranscriptExpiry(ledger: Pick<Ledger, 'expireTranscripts'>, keepMs: number, now: () => number, logger: EngineLogger): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const sweep = async () => {
    try {
      const before = now() - keepMs;
      let deleted: number;
      const batch = 500;
      do {
        deleted = await ledger.expireTranscripts(before, batch);
        await new Promise((resolve) => setImmediate(resolve));
      } while (deleted === batch && !stopped);
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'deleting expired transcripts failed; tried again in ten minutes');
    }
  };
  const run = () => {
    if (!stopped) running = running.then(sweep);
  };
  run();
  const timer = setInterval(run, EXPIRY_EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

import type { Ledger } from '@bench/ledger';
import type { EngineLogger } from '../runtime/engine-logger';
import { startTranscriptExpiry } from './expire-transcripts';

/**
 * The deletion of transcripts past `transcripts.keep`, following the running config: a reload that sets, changes or
 * removes `keep` restarts it with the new duration (a first sweep at once) or stops it.
 */
export class TranscriptExpiry {
  readonly #ledger: Pick<Ledger, 'expireTranscripts'>;
  readonly #now: () => number;
  readonly #logger: EngineLogger;
  #keepMs: number | undefined;
  #stop: () => Promise<void> = async () => undefined;
  /** Stops of replaced sweeps still finishing: close() waits for them too. */
  readonly #stopping = new Set<Promise<void>>();

  constructor(ledger: Pick<Ledger, 'expireTranscripts'>, now: () => number, logger: EngineLogger) {
    this.#ledger = ledger;
    this.#now = now;
    this.#logger = logger;
  }

  follow(keepMs: number | undefined): void {
    if (keepMs === this.#keepMs) return;
    this.#keepMs = keepMs;
    const stopping = this.#stop();
    this.#stopping.add(stopping);
    void stopping.finally(() => this.#stopping.delete(stopping));
    this.#stop = keepMs === undefined ? async () => undefined : startTranscriptExpiry(this.#ledger, keepMs, this.#now, this.#logger);
  }

  async stop(): Promise<void> {
    this.#keepMs = undefined;
    await Promise.all([this.#stop(), ...this.#stopping]);
  }
}

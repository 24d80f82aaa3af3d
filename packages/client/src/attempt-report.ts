import type { Protocol, Usage } from '@bench/formats';
import type { ClientError } from './errors/client-error';

/** One HTTP attempt at one candidate, as reported to `onAttempt` and in the result. */
export interface AttemptReport {
  alias: string;
  /** The provider's model id. */
  model: string;
  api: Protocol;
  /** 1 for the first try at this candidate, 2 for its retry. */
  attempt: number;
  ok: boolean;
  /** Why it failed; its `name` is the error class (`RateLimitedError`, `TimeoutError`, …). */
  error?: ClientError;
  /** The environment variable of the provider key the attempt used (`OPENAI_KEY_B`), never the key; absent when the target names none. */
  providerKey?: string;
  /** The upstream's HTTP status, when it answered. */
  status?: number;
  /** From the attempt's start to its failure, or to the end of its stream. */
  seconds: number;
  /** Epoch milliseconds the attempt began. */
  startedAt: number;
  /** The attempt's own usage, as its upstream reported it (a stream cut part way usually has none). */
  usage?: Usage;
  /** Characters of text this attempt gave the caller (a continuation: after the splice); set for attempts that committed. */
  textChars?: number;
  /** A continuation: the alias of the member whose failed stream this attempt finished (the call counts against that member). */
  continues?: string;
}

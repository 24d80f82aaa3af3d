import type { FinishReason, Protocol, ToolCallPart, Usage, Warning } from '@bench/formats';
import type { AttemptReport } from './attempt-report';
import type { ClientError } from './errors/client-error';

/** A candidate not tried this turn, and why. */
export interface SkippedCandidate {
  alias: string;
  why: string;
}

/** A stream that failed after its first piece and was finished by a member (see run-recovery.ts). */
export interface Continuation {
  /** The member that continued the answer. */
  alias: string;
  /** The member whose stream failed. */
  from: string;
  /** Characters of text the caller already had when it failed. */
  after: number;
  /** Why the stream failed (the error's message). */
  why: string;
  /** How it was asked: with the text sent as the start of its answer, or without (its API has no prefill, or it refused one). */
  prefilled: boolean;
  /** Characters of the new stream dropped as a repeat of what the caller had (a restart, or an overlap). */
  dropped: number;
}

/** How a call (one model, or a failover across several) ended. */
export interface CallResult {
  /** True when the reply finished properly. */
  ok: boolean;
  /** The candidate that answered (committed), if any. */
  alias?: string;
  model?: string;
  api?: Protocol;
  /** 200 once a candidate committed (what the caller was sent); otherwise the error's gateway status (429, 502, 400, 413, 499). */
  status: number;
  text: string;
  reasoning: string;
  toolCalls: ToolCallPart[];
  usage?: Usage;
  finishReason?: FinishReason;
  rawFinishReason?: string;
  /** From the call's start to its end. */
  seconds: number;
  /** From the call's start to the first piece (text, reasoning or tool call). */
  firstPieceSeconds?: number;
  error?: ClientError;
  /** The environment variable of the provider key the answering attempt used, never the key. */
  providerKey?: string;
  /** Format warnings, and one per malformed upstream event skipped. */
  warnings: Warning[];
  attempts: AttemptReport[];
  skipped: SkippedCandidate[];
  /** Each time the stream failed after its first piece and another member (or the same one) finished it, in order. */
  continued?: Continuation[];
  /** Why a stream that failed after its first piece was not continued (a cut inside a tool call, the limit reached, …). */
  notContinued?: string;
}

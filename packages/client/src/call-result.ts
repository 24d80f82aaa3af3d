import type { FinishReason, Protocol, ToolCallPart, Usage, Warning } from '@bench/formats';
import type { AttemptReport } from './attempt-report';
import type { ClientError } from './errors/client-error';

/** A candidate not tried this turn, and why. */
export interface SkippedCandidate {
  alias: string;
  why: string;
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
  /** Format warnings, and one per malformed upstream event skipped. */
  warnings: Warning[];
  attempts: AttemptReport[];
  skipped: SkippedCandidate[];
}

import type { Usage } from '@bench/contracts';

export { CALL_PURPOSES, type CallInput, type CallPurpose, type LongContextPrice, type Price } from '@bench/contracts';
import type { CallPurpose } from '@bench/contracts';

/** Token counts, named as `@bench/formats` names them (the shared `Usage`). */
export type CallUsage = Usage;

/** A call as stored and read back: every field present, null where unknown. */
export interface CallRecord {
  id: string;
  time: number;
  purpose: CallPurpose;
  collection: string | null;
  keyName: string | null;
  alias: string;
  provider: string | null;
  status: string;
  errorClass: string | null;
  errorMessage: string | null;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  /** Input tokens read from the prompt cache. */
  cachedTokens: number;
  /** Input tokens written to the prompt cache. */
  cacheWriteTokens: number;
  /** Part of `cacheWriteTokens` written for an hour. */
  cacheWrite1hTokens: number;
  cost: number | null;
  seconds: number | null;
  firstPieceSeconds: number | null;
  finishReason: string | null;
  toolCalls: number;
  /** Characters of text the call gave the caller's answer, when the writer counted them (its part, for a stream finished by another member). */
  textChars: number | null;
  warnings: string[];
  unit: string;
  /** The kind of task; `general` unless the gateway said otherwise. */
  shape: string;
  /** The surface the call came through (`mcp`), when the writer said. */
  via?: string;
  /** The environment variable of the provider key the call used (`OPENAI_KEY_B`), when the writer said: its name, never its value. */
  providerKey?: string;
  /** The call stands for its request (see `CallInput.request`): a key's requests count these. */
  request?: true;
}

import type { Price } from './price';
import type { Usage } from './usage';

/** Why a call was made. */
export type CallPurpose = 'seat' | 'merger' | 'route' | 'shape' | 'shadow';

export const CALL_PURPOSES: readonly CallPurpose[] = ['seat', 'merger', 'route', 'shape', 'shadow'];

/** One upstream call as every writer hands it to the ledger: a panel's seat or merger, a route turn's attempt. */
export interface CallInput {
  /** `<panel>.<n>`, `<panel>.merger`, a route turn's call id (`r…`) or `<call>-<k>` for the attempts it left behind. */
  id: string;
  /** Epoch milliseconds; the ledger's clock when absent. */
  time?: number;
  purpose: CallPurpose;
  /** Absent for a call to a bare model alias. */
  collection?: string;
  /** The key's name from the config, never the key itself. */
  keyName?: string;
  alias: string;
  provider?: string;
  /** `ok`, `error`, `timeout`, `aborted`, …: every status but `ok` and `aborted` counts as a failure. */
  status: string;
  errorClass?: string;
  /** Images (data URLs, long base64 runs) are redacted before it is stored. */
  errorMessage?: string;
  usage?: Usage;
  /** The model's price; else the ledger's `price` lookup; else the cost is unknown (null). */
  price?: Price;
  seconds?: number;
  /** Epoch milliseconds the call began, where the caller knows it (a route turn's attempts): for observers' timelines; not stored. */
  startedAt?: number;
  firstPieceSeconds?: number;
  finishReason?: string;
  toolCalls?: number;
  /** Characters of text the call gave the caller's answer: a stream finished by another member counts the part before its cut, the continuation the part after the splice. */
  textChars?: number;
  /** E.g. malformed upstream events skipped. */
  warnings?: string[];
  /** The panel or conversation the call belongs to; derived from the id (before its last `.`) when absent. */
  unit?: string;
  /** The kind of task (`code`, `general`, …) the prompt is; `general` when absent. Records are kept per model and shape. */
  shape?: string;
  /** The environment variable of the provider key the call used (`OPENAI_KEY_B`): its name, never its value. */
  providerKey?: string;
  /** The surface the call came through when not a model API route (`mcp`: an MCP tool). */
  via?: string;
  /**
   * This call stands for the request the caller made: one call of each request carries it (a route turn's first
   * attempt, a panel's first call recorded), so that a key's requests are counted once however many calls they made.
   */
  request?: true;
}

/** Where calls are written: a `@bench/ledger` Ledger fits as it is. */
export interface CallRecorder {
  recordCall(call: CallInput): unknown;
}

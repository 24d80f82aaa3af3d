/** Why a call was made. */
export type CallPurpose = 'seat' | 'merger' | 'route' | 'shape' | 'shadow';

export const CALL_PURPOSES: readonly CallPurpose[] = ['seat', 'merger', 'route', 'shape', 'shadow'];

/** Price per million tokens, as in the gateway config's `models.X.price`. */
export interface Price {
  input: number;
  output: number;
  /** Input tokens read from the prompt cache; `input` when absent. */
  cacheRead?: number;
  /** Input tokens written to the prompt cache (Anthropic's cache_creation); `input` when absent. */
  cacheWrite?: number;
  /** Input tokens written to the prompt cache for an hour (Anthropic `ttl: "1h"`); `cacheWrite` when absent. */
  cacheWrite1h?: number;
  /** Rates for a whole call whose input is over a threshold (see `LongContextPrice`). */
  longContext?: LongContextPrice;
}

/**
 * The long-context tier many providers publish (Claude Sonnet and Gemini Pro
 * past 200K input tokens, OpenAI's largest models past 272K): a call whose
 * input tokens, cache reads and writes included, are more than `above` is
 * billed at these rates, all of it, not only the tokens past the line. A
 * cache rate the tier leaves out is the base price's scaled as `input` is
 * (each of those providers moves its cache rates with its input rate).
 */
export interface LongContextPrice {
  above: number;
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
  cacheWrite1h?: number;
}

/** Token counts, named as `@bench/formats` names them: reasoning is part of output, cache reads and writes part of input. */
export interface CallUsage {
  inputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
  cacheWriteTokens?: number;
  /** Part of `cacheWriteTokens` written for an hour. */
  cacheWrite1hTokens?: number;
}

/** What the gateway hands `recordCall`. */
export interface CallInput {
  /** `<panel>.<n>`, `<panel>.merger` or `<conversation>.<n>`. */
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
  usage?: CallUsage;
  /** The model's price; else the ledger's `price` lookup; else the cost is unknown (null). */
  price?: Price;
  seconds?: number;
  firstPieceSeconds?: number;
  finishReason?: string;
  toolCalls?: number;
  /** E.g. malformed upstream events skipped. */
  warnings?: string[];
  /** The panel or conversation the call belongs to; derived from the id (before its last `.`) when absent. */
  unit?: string;
  /** The kind of task (`code`, `general`, …) the prompt is; `general` when absent. Records are kept per model and shape. */
  shape?: string;
}

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
  warnings: string[];
  unit: string;
  /** The kind of task; `general` unless the gateway said otherwise. */
  shape: string;
}

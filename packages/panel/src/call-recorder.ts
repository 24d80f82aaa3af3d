/** Price per million tokens (as `models.X.price`). */
export interface PanelPrice {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
  cacheWrite1h?: number;
  /** Rates for a whole call whose input is over `above` tokens (as `@bench/ledger`'s `LongContextPrice`). */
  longContext?: { above: number; input: number; output: number; cacheRead?: number; cacheWrite?: number; cacheWrite1h?: number };
}

/** Token counts as the ledger takes them. */
export interface PanelCallUsage {
  inputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
  cacheWriteTokens?: number;
  cacheWrite1hTokens?: number;
}

/** One seat or merger call, in the shape of `@bench/ledger`'s `CallInput` (a subset of it). */
export interface PanelCall {
  /** `<panel>.<n>` or `<panel>.merger`. */
  id: string;
  purpose: 'seat' | 'merger';
  collection: string;
  keyName?: string;
  alias: string;
  provider?: string;
  /** `ok`, `error`, `timeout` or `aborted`. */
  status: string;
  errorClass?: string;
  errorMessage?: string;
  usage?: PanelCallUsage;
  price?: PanelPrice;
  seconds?: number;
  firstPieceSeconds?: number;
  finishReason?: string;
  toolCalls?: number;
  warnings?: string[];
}

/** Where panel calls are written: a `@bench/ledger` Ledger fits as it is. */
export interface CallRecorder {
  recordCall(call: PanelCall): unknown;
}

import type { Protocol } from '@bench/formats';
import type { Caller } from '../names/permissions';
import type { ResolvedReferences } from '../responses-state/item-references';
import type { TurnProgress } from './turn-progress';

/** Request headers, as Node gives them. */
export type TurnHeaders = Readonly<Record<string, string | string[] | undefined>>;

export interface TurnOptions {
  /** The name asked for: `bench/<collection>[:mode]`, a model alias, or a name `aliases` maps. Default: the request's `model`. */
  model?: string;
  /** Who calls (`engine.authenticate`); default: the local caller, who may call everything. */
  key?: Caller;
  /** Aborts the turn (its upstream calls are aborted, and still recorded). */
  signal?: AbortSignal;
  /**
   * The protocol the caller speaks (default `openai-chat`): how its model names read (Gemini's bare collections,
   * Ollama's `:latest`), which model a reply names, whether reasoning is kept for it between tool steps, and
   * whether Responses' stored conversations apply.
   */
  protocol?: Protocol;
  /** The caller's request headers: session ids that identify a conversation, Anthropic betas. */
  headers?: TurnHeaders;
  /** The request's `bench` field: `reply` overrides the collection's reply mode; `with` seats more models. */
  bench?: { reply?: string; with?: readonly string[] };
  /** Responses whose items the request's `item_reference`s named (`engine.responses.resolveReferences`). */
  references?: ResolvedReferences;
  /** Compact the conversation instead of answering it: whoever has the conversation writes the summary. */
  compaction?: boolean;
  /** A panel's progress while its seats work: `seated`, then one `seat-done` per seat (iterate or `pipe` the turn). */
  onProgress?: (progress: TurnProgress) => void;
  /** The surface the turn came through (`mcp`): kept on each of its panel's and its shaper's calls in the ledger (`via`). */
  via?: string;
}

import type { Protocol } from '@bench/formats';
import type { KeyPool } from './key-pool';
import type { RetrySettings, Timeouts } from './settings';
import type { Vendor } from './vendors/registry';

/** One model on one endpoint: what the client needs to call it. */
export interface ModelTarget {
  /** The configured alias (`m1`): names the model in reports, health and pacing. */
  alias: string;
  api: Protocol;
  /** The provider's base URL (`https://api.openai.com/v1`, `http://127.0.0.1:11434`). */
  baseURL: string;
  /**
   * Whose API `baseURL` reaches, where its host does not show it (a proxy such as Cloudflare AI Gateway or LiteLLM
   * in front of OpenAI, Google, DeepSeek or OpenRouter), or `other` where a host that looks like one is not: the
   * rules only that API has follow it (OpenAI's token field and reasoning-model rules, Anthropic's billing block,
   * Google's and OpenRouter's (and MiniMax's) reasoning signatures, DeepSeek's and Moonshot's reasoning_content, which OpenAI, Groq and Cerebras refuse;
   * see vendors/registry.ts). Unset: told from the host.
   */
  vendor?: Vendor;
  /** The provider's model id, sent upstream. */
  model: string;
  apiKey?: string;
  /** The environment variable `apiKey` was read from: what attempt reports and the ledger name (never the key). */
  apiKeyName?: string;
  /** A provider's several keys, rotated call by call (see KeyPool); over `apiKey` and `apiKeyName`. */
  keyPool?: KeyPool;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** Default wire fields sent with every request; the caller's own fields win. */
  options?: Record<string, unknown>;
  /**
   * Whether the model reasons, where its id does not tell: false leaves reasoning controls out of every request
   * (a model without reasoning refuses them); true applies OpenAI's rules for reasoning models at OpenAI's hosts
   * (an Azure deployment's own name). Unset: OpenAI's model ids are told apart by pattern; others get what was asked.
   */
  reasoning?: boolean;
  /** How long Anthropic keeps the prompt-cache marks written for a translated request (default five minutes). */
  promptCacheTtl?: '5m' | '1h';
  /** Tokens; used to pass over candidates no larger than one that hit its context length. */
  contextWindow?: number;
  /** Pacing: at most this many requests in any 60 s window. */
  rpm?: number;
  /** The most output this model may be asked for this call: a larger request budget is cut to it (with a warning), never refused. */
  maxOutputTokens?: number;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetrySettings>;
}

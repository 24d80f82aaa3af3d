import type { Extra, Message, TextPart } from './content';
import type { Protocol } from './protocol';

/** A JSON Schema object, as the caller wrote it. */
export type JSONSchema = Record<string, unknown>;

export interface ToolDefinition {
  name: string;
  description?: string;
  inputSchema: JSONSchema;
  /** OpenAI `strict`, where given. */
  strict?: boolean;
  /**
   * The group the tool belongs to (an OpenAI Responses `namespace` tool: Codex's
   * sub-agent and MCP tools); its calls name both. The members of one group are
   * consecutive and share this object. Protocols without namespaces see one
   * tool named by `flatToolName`.
   */
  namespace?: ToolNamespace;
  /**
   * A tool that takes raw text rather than JSON (an OpenAI Responses `custom`
   * tool: Codex's apply_patch). Its `inputSchema` is `{input: string}`
   * and its calls' arguments `{"input": <the text>}`: how protocols with only
   * JSON tools declare and call it.
   */
  freeform?: FreeformInput;
  extra?: Extra;
}

export interface FreeformInput {
  /** The text's format as the caller gave it: `{type: "text"}` or `{type: "grammar", syntax, definition}`. */
  format?: Record<string, unknown>;
}

export interface ToolNamespace {
  name: string;
  description?: string;
  extra?: Extra;
}

export type ToolChoice = { type: 'auto' } | { type: 'none' } | { type: 'required' } | { type: 'tool'; name: string };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json' }
  | { type: 'json-schema'; schema: JSONSchema; name?: string; description?: string; strict?: boolean };

export interface ReasoningConfig {
  /** OpenAI-style effort, Gemini `thinkingLevel`. */
  effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';
  /** Anthropic `budget_tokens`, Gemini `thinkingBudget`. */
  budgetTokens?: number;
  /** Whether the caller asked to see the reasoning (Anthropic thinking enabled, Gemini includeThoughts, Ollama think). */
  enabled?: boolean;
}

/** One request in the neutral model: what every codec parses into and formats from. */
export interface NeutralRequest {
  /** The protocol this request was parsed from; node `extra` belongs to it. */
  origin?: Protocol;
  model: string;
  system: TextPart[];
  /**
   * How many of `system`'s parts came before the conversation's first
   * assistant message, when not all did: the rest are system or developer
   * messages added mid-conversation (a protocol that allows them among the
   * messages), kept in `system` after the others.
   */
  systemBeforeReplies?: number;
  messages: Message[];
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  responseFormat?: ResponseFormat;
  reasoning?: ReasoningConfig;
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  stop?: string[];
  seed?: number;
  stream: boolean;
  /** Whether a streamed reply should end with usage (OpenAI `stream_options.include_usage`; others always send it). */
  streamUsage?: boolean;
  /** A client-sent conversation key (Responses `prompt_cache_key`), where the protocol has one. */
  sessionKey?: string;
  /**
   * Set by a caller that will send this conversation again (a route turn),
   * with the conversation's key: where the upstream caches a prompt only where
   * it is marked (Anthropic), a request translated from another protocol is
   * marked so the next turn reads it from the cache; `@bench/client` gives the
   * key to OpenAI as `prompt_cache_key`. Other protocols cache on their own.
   */
  promptCache?: {
    conversation: string;
    /** How long Anthropic keeps the marks written for it: five minutes (the default) or an hour, which costs more to write. */
    ttl?: '5m' | '1h';
  };
  /** Top-level wire fields the codec did not map. */
  extra: Extra;
}

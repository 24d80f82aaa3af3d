import type { FinishReason, NeutralError, Usage } from '@bench/formats';

/** One tool call of a scripted answer; `arguments` as one piece or split into several. */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** The tool's namespace: an OpenAI Responses upstream tells it, the others write the flat name (`<namespace>__<name>`). */
  namespace?: string;
  /** A custom (freeform) tool's call: `arguments` are then `{"input": <text>}`; an OpenAI Responses upstream sends a custom_tool_call with the text. */
  freeform?: boolean;
  arguments: string | string[];
}

/** What a scripted model says. Strings given as arrays are sent as that many pieces. */
export interface Answer {
  reasoning?: string | string[];
  /** The provider's signature on that reasoning (Anthropic's thinking signature, Gemini's thoughtSignature, Responses' encrypted_content), sent after it. */
  reasoningSignature?: string;
  text?: string | string[];
  toolCalls?: ScriptedToolCall[];
  /** Default: `tool-calls` when there are tool calls, else `stop`. */
  finish?: FinishReason;
  /** The stop sequence that ended it, told as the protocol tells it (Anthropic `stop_sequence`, vLLM's `stop_reason` on OpenAI Chat). */
  stopSequence?: string;
  /** Default: input estimated from the request, output one token a piece. */
  usage?: Usage;
  id?: string;
}

/** An HTTP error answer: in the protocol's own error body (via formatError) unless `body` is given raw. */
export interface ScriptedError {
  status: number;
  /** The neutral error to format; derived from the status when absent. */
  error?: NeutralError;
  /** A raw body (string as is, object as JSON), bypassing the codec. */
  body?: string | Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * What the fake upstream does for one attempt. Without `error`, `reset` or
 * `hang`, it answers (`answer`, or the default echo), streamed or not as asked.
 * A "piece" is one delta event: reasoning, text, tool-call start or arguments.
 */
export interface Behaviour {
  answer?: Answer;
  error?: ScriptedError;
  /** Destroy the connection before writing any byte. */
  reset?: boolean;
  /** Never answer (until the caller closes, or the upstream is closed). */
  hang?: boolean;
  /** A token count call's answer (default: a third of the count body's characters, the fake's own tokenizer). */
  count?: number;
  /** Answer only once this settles: a test holds a member until it has seen what must come first (order by events, not by time). */
  holdUntil?: Promise<unknown>;
  headersDelayMs?: number;
  firstPieceDelayMs?: number;
  pieceDelayMs?: number;
  /** Destroy the socket right after this many pieces (streamed replies). */
  cutAfterPieces?: number;
  /** Go silent for `ms` after `afterPieces` pieces, then go on. */
  stall?: { afterPieces: number; ms: number };
  /** Write one malformed event after this many pieces, then go on. */
  malformedAfterPieces?: number;
  /** Leave out the `data: [DONE]` terminator (OpenAI protocols). */
  omitDone?: boolean;
  /** End the response cleanly right after this many pieces: no finish, no terminator (streamed replies). */
  endAfterPieces?: number;
  /** Send an error event in the stream right after this many pieces (`streamError`, default overloaded), then end it. */
  errorAfterPieces?: number;
  streamError?: NeutralError;
  /**
   * How a request whose last message is the assistant's (a prefill: the start of the answer) is answered, the
   * answer's text being the whole answer: `continue` sends what follows the prefill, `restart` all of it again,
   * `{ overlap: n }` what follows the prefill and its last n characters before it, `refuse` a 400 saying it takes
   * no prefill. A request without a prefill gets the whole answer, whatever this says.
   */
  prefill?: 'continue' | 'restart' | { overlap: number } | 'refuse';
}

import type { CodecWire } from './codec-wire';
import type { NeutralError } from './neutral/neutral-error';
import type { Protocol } from './neutral/protocol';
import type { NeutralReply } from './neutral/reply';
import type { NeutralRequest } from './neutral/request';
import type { StreamEvent } from './neutral/stream-event';
import type { Warning } from './neutral/warning';

/** What a route or URL says that the body does not (Gemini's model and method, Ollama's endpoint). */
export interface ParseRequestOptions {
  /** The model from the URL (Gemini). */
  model?: string;
  /** Streamed because of the URL (Gemini `:streamGenerateContent`). */
  stream?: boolean;
  /** Ollama: `/api/chat` (default) or `/api/generate`. */
  endpoint?: 'chat' | 'generate';
}

export interface FormatReplyOptions {
  /** The request being answered: some protocols echo parts of it (Responses, Ollama's endpoint). */
  request?: NeutralRequest;
  /** Ollama: `/api/chat` (default) or `/api/generate`. */
  endpoint?: 'chat' | 'generate';
}

export interface FormatStreamOptions extends FormatReplyOptions {
  /** Used when no `start` event gives them: the reply's id and model. */
  id?: string;
  model?: string;
}

export interface Formatted<T> {
  value: T;
  warnings: Warning[];
}

/** Where and how to send a formatted upstream request. */
export interface UpstreamRequest {
  /** Path relative to the provider's base URL (`/chat/completions`, `/models/m:streamGenerateContent?alt=sse`). */
  path: string;
  body: Record<string, unknown>;
  warnings: Warning[];
}

/**
 * Turns an upstream's stream text into events, one chunk (any split) at a time.
 * Emits `start` first, and exactly one `finish` or `error` last. A malformed
 * event is skipped and recorded in `malformed`, and decoding goes on. `end()`
 * flushes what is buffered; a stream that stopped without its proper end
 * (no finish, no terminator) yields an `error` event there, never a `finish`;
 * one that finished but lacks only its terminator (`[DONE]`) yields the
 * `finish`, with its usage.
 */
export interface StreamDecoder {
  push(chunk: string): StreamEvent[];
  end(): StreamEvent[];
  /** One line per skipped malformed event: what was wrong (never the event's content). */
  readonly malformed: readonly string[];
}

/**
 * Turns events into wire text one at a time, in the protocol's own full
 * sequence (opening events are written before the first delta even when no
 * `start` came). `finish.extra` is written onto the last data event; an
 * `error` event becomes the protocol's in-stream error.
 */
export interface StreamEncoder {
  encode(event: StreamEvent): string;
  /** After the last event. If no finish or error was written, writes the protocol's error event: a cut stream never reads as a finished answer. */
  end(): string;
}

/**
 * One way of streaming a reply to a caller: a codec's own (SSE, NDJSON), or a
 * second form its protocol also has (Gemini's JSON array without `?alt=sse`).
 */
export interface StreamForm {
  /** An encoder of neutral events into this stream. */
  createStreamEncoder(options?: FormatStreamOptions): StreamEncoder;
  /** The keep-alive this stream allows, or undefined (Ollama NDJSON has none). */
  readonly keepAlive: string | undefined;
  /** The stream's content type (`text/event-stream`, `application/x-ndjson`). */
  readonly streamContentType: string;
}

/** One wire protocol, both directions, requests, replies, streams (its own form) and errors. Pure: no I/O. */
export interface Codec extends StreamForm {
  readonly protocol: Protocol;
  /** What the protocol is on the wire besides its bodies: routes, keys, model names, listings. */
  readonly wire: CodecWire;
  /** Validates a client's request body; throws InvalidRequestError naming the field. */
  parseRequest(body: unknown, options?: ParseRequestOptions): NeutralRequest;
  /** Writes a neutral request as this protocol's upstream request. */
  formatRequest(request: NeutralRequest): UpstreamRequest;
  /** Reads an upstream's whole reply (lenient); throws InvalidReplyError when it is not one. */
  parseReply(body: unknown): NeutralReply;
  /** Writes a neutral reply as this protocol's reply body. */
  formatReply(reply: NeutralReply, options?: FormatReplyOptions): Formatted<Record<string, unknown>>;
  /** A decoder of this protocol's stream (SSE or NDJSON) into neutral events. */
  createStreamDecoder(): StreamDecoder;
  /** This protocol's error body, with its HTTP status. */
  formatError(error: NeutralError): { status: number; body: Record<string, unknown> };
  /** Classifies an upstream's error response (status and body text) into a neutral error. */
  parseError(status: number, body: string): NeutralError;
}

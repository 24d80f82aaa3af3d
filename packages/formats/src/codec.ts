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

export type FormatStreamOptions = FormatReplyOptions;

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

/** Turns bytes to events one chunk at a time; `end()` flushes what is buffered and checks the stream ended properly. */
export interface StreamDecoder {
  push(chunk: string): StreamEvent[];
  end(): StreamEvent[];
}

/** Turns events to wire text one at a time, in the protocol's own sequence. */
export interface StreamEncoder {
  encode(event: StreamEvent): string;
  /** Closes whatever is open when the events stop without a finish or error. */
  end(): string;
}

/** One wire protocol, both directions, requests, replies, streams and errors. Pure: no I/O. */
export interface Codec {
  readonly protocol: Protocol;
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
  /** An encoder of neutral events into this protocol's stream. */
  createStreamEncoder(options?: FormatStreamOptions): StreamEncoder;
  /** The keep-alive this protocol's stream allows, or undefined (Ollama NDJSON has none). */
  readonly keepAlive: string | undefined;
  /** The stream's content type (`text/event-stream`, `application/x-ndjson`). */
  readonly streamContentType: string;
  /** This protocol's error body, with its HTTP status. */
  formatError(error: NeutralError): { status: number; body: Record<string, unknown> };
  /** Classifies an upstream's error response (status and body text) into a neutral error. */
  parseError(status: number, body: string): NeutralError;
}

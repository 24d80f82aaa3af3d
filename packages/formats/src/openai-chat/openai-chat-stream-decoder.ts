import type { StreamDecoder } from '../codec';
import type { FinishReason } from '../neutral/finish-reason';
import type { StreamEvent } from '../neutral/stream-event';
import type { Usage } from '../neutral/usage';
import { safeParseJSON } from '../shared/safe-parse-json';
import { createSSESplitter } from '../shared/sse';
import { parseOpenAIChatFinishReason } from './map-openai-chat-finish-reason';
import { parseOpenAIChatUsage } from './map-openai-chat-usage';
import { neutralFromErrorValue } from './openai-chat-error';
import { addReasoningDetails, openRouterSignature, type ReasoningDetail } from './openrouter-reasoning-details';
import { readOpenAIChatChunk, type ChunkView, type ToolCallDelta } from './read-openai-chat-chunk';

/**
 * `data: {chat.completion.chunk}` … `data: [DONE]` → neutral events. The finish
 * goes out once the usage chunk came, on `[DONE]`, or at `end()` when a
 * finish_reason was seen; a tool call ends when the next starts, when text
 * follows it, or at finish.
 */
export class OpenAIChatStreamDecoder implements StreamDecoder {
  readonly malformed: string[] = [];
  private readonly splitter = createSSESplitter();
  private started = false;
  private done = false;
  private reason: FinishReason | undefined;
  private rawReason: string | undefined;
  private stopSequence: string | undefined;
  private usage: Usage | undefined;
  /** Tool calls by wire index: their id; `open` is the one still taking deltas. */
  private calls: Map<number, string> | undefined; // made at the first tool call
  private open: string | undefined;
  private callCount = 0;
  /** OpenRouter's reasoning details not yet sent on (see openrouter-reasoning-details.ts). */
  private details: ReasoningDetail[] = [];

  push(chunk: string): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const message of this.splitter.push(chunk)) this.onData(message.data, out);
    return out;
  }

  end(): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const message of this.splitter.end()) this.onData(message.data, out);
    if (this.done) return out;
    this.start(out, undefined);
    if (this.reason !== undefined) this.finish(out);
    else this.fail(out, 'the stream ended before the reply was complete (no finish_reason, no [DONE])');
    return out;
  }

  private onData(data: string, out: StreamEvent[]): void {
    if (this.done) return;
    if (data === '[DONE]') {
      this.start(out, undefined);
      if (this.reason === undefined) this.reason = 'other';
      this.finish(out);
      return;
    }
    const json = safeParseJSON(data);
    if (!json.success) {
      this.malformed.push('a data event that is not JSON');
      return;
    }
    const value = json.value;
    if (typeof value === 'object' && value !== null && 'error' in value && (value as { error: unknown }).error) {
      this.start(out, undefined);
      const error = neutralFromErrorValue(0, (value as { error: unknown }).error);
      this.done = true;
      out.push({ type: 'error', error: error ?? { kind: 'upstream', message: 'the upstream sent an error event' } });
      return;
    }
    const chunk = readOpenAIChatChunk(value);
    if (typeof chunk === 'string') {
      this.malformed.push(`a chunk that is not a chat.completion.chunk: ${chunk}`);
      return;
    }
    this.onChunk(chunk, out);
  }

  private onChunk(chunk: ChunkView, out: StreamEvent[]): void {
    this.start(out, chunk);
    if (this.reason === undefined) {
      const text = chunk.content || chunk.refusal;
      // Text after a tool call's fragments means that call is complete.
      if (chunk.reasoning || text || chunk.signature) this.closeToolCall(out);
      if (chunk.reasoning) out.push({ type: 'reasoning-delta', text: chunk.reasoning });
      if (chunk.reasoningDetails) addReasoningDetails(this.details, chunk.reasoningDetails);
      // OpenRouter's details sign the reasoning before what the model writes next (never inside a call's arguments).
      if ((text || chunk.toolCalls) && this.open === undefined) this.signReasoning(out);
      // Google's signature of what follows: a reasoning piece before it, as Gemini's own decoder has it.
      if (chunk.signature) out.push({ type: 'reasoning-delta', text: '', signature: chunk.signature, signatureFrom: 'openai-chat' });
      if (text) out.push({ type: 'text-delta', text });
      if (chunk.toolCalls) for (const call of chunk.toolCalls) this.onToolCall(call, out);
      if (chunk.finishReason) {
        this.reason = parseOpenAIChatFinishReason(chunk.finishReason);
        this.rawReason = chunk.finishReason;
        if (chunk.stopSequence !== undefined) this.stopSequence = chunk.stopSequence;
        this.closeToolCall(out);
      }
    }
    if (chunk.usage) {
      this.usage = parseOpenAIChatUsage(chunk.usage);
      if (this.reason !== undefined) this.finish(out);
    }
  }

  private onToolCall(call: ToolCallDelta, out: StreamEvent[]): void {
    const index = call.index ?? (call.id ? -1 - this.callCount : -this.callCount);
    let id = this.calls?.get(index);
    if (id === undefined) {
      this.closeToolCall(out);
      id = call.id || `call_${this.callCount}`;
      this.callCount++;
      (this.calls ??= new Map()).set(index, id);
      this.open = id;
      if (call.signature) out.push({ type: 'reasoning-delta', text: '', signature: call.signature, signatureFrom: 'openai-chat' });
      out.push({ type: 'tool-call-start', id, name: call.name ?? '' });
    }
    const args = call.arguments;
    if (args && id === this.open) out.push({ type: 'tool-call-delta', id, argumentsDelta: args });
  }

  /** OpenRouter's details gathered so far, as the signature of the reasoning before them. */
  private signReasoning(out: StreamEvent[]): void {
    if (this.details.length === 0) return;
    out.push({ type: 'reasoning-delta', text: '', signature: openRouterSignature(this.details), signatureFrom: 'openai-chat' });
    this.details = [];
  }

  private closeToolCall(out: StreamEvent[]): void {
    if (this.open === undefined) return;
    out.push({ type: 'tool-call-end', id: this.open });
    this.open = undefined;
  }

  private start(out: StreamEvent[], chunk: ChunkView | undefined): void {
    if (this.started) return;
    this.started = true;
    const event: StreamEvent = { type: 'start' };
    if (chunk?.id) event.id = chunk.id;
    if (chunk?.model) event.model = chunk.model;
    if (typeof chunk?.created === 'number') event.created = chunk.created;
    out.push(event);
  }

  private finish(out: StreamEvent[]): void {
    this.closeToolCall(out);
    this.signReasoning(out);
    this.done = true;
    out.push({
      type: 'finish',
      reason: this.reason ?? 'other',
      ...(this.rawReason !== undefined ? { rawReason: this.rawReason } : {}),
      ...(this.stopSequence !== undefined ? { stopSequence: this.stopSequence } : {}),
      ...(this.usage ? { usage: this.usage } : {}),
    });
  }

  private fail(out: StreamEvent[], message: string): void {
    this.done = true;
    out.push({ type: 'error', error: { kind: 'upstream', message } });
  }
}

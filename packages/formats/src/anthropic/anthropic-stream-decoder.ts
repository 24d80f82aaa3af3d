import type { StreamDecoder } from '../codec';
import type { Extra } from '../neutral/content';
import type { StreamEvent } from '../neutral/stream-event';
import { safeParseJSON } from '../shared/safe-parse-json';
import { createSSESplitter } from '../shared/sse';
import { streamErrorFromAnthropic } from './anthropic-error';
import type { AnthropicUsage } from './anthropic-api';
import { isRecord } from './extra-fields';
import { finishReasonFromAnthropic } from './map-anthropic-finish-reason';
import { usageFromAnthropic } from './map-anthropic-usage';

type Json = Record<string, unknown>;
type Block = { kind: 'text' | 'thinking' | 'ignored' } | { kind: 'tool'; id: string; sawArguments: boolean };

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | null | undefined => (typeof value === 'number' ? value : value === null ? null : undefined);

/** Anthropic SSE text → neutral events (ping and unknown event types are skipped; a JSON that is not an event is recorded as malformed). */
class AnthropicStreamDecoder implements StreamDecoder {
  readonly malformed: string[] = [];
  private readonly splitter = createSSESplitter();
  private readonly blocks = new Map<number, Block>();
  private started = false;
  private done = false;
  private usage: AnthropicUsage = {};
  private stopReason: string | undefined;
  private stopSequence: string | undefined;
  private sawDelta = false;

  push(chunk: string): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const message of this.splitter.push(chunk)) this.handle(message.event, message.data, out);
    return out;
  }

  end(): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const message of this.splitter.end()) this.handle(message.event, message.data, out);
    if (this.done) return out;
    this.ensureStarted(out);
    if (this.sawDelta && this.stopReason !== undefined) this.finish(undefined, out);
    else {
      this.done = true;
      out.push({ type: 'error', error: { kind: 'upstream', message: 'the Anthropic stream ended before message_stop' } });
    }
    return out;
  }

  private handle(name: string | undefined, data: string, out: StreamEvent[]): void {
    if (this.done || name === 'ping') return;
    const parsed = safeParseJSON(data);
    if (!parsed.success || !isRecord(parsed.value)) {
      this.malformed.push(`${name ?? 'message'} event: data is not a JSON object`);
      return;
    }
    const event = parsed.value;
    const type = str(event.type) ?? name;
    switch (type) {
      case 'message_start':
        return this.messageStart(event, out);
      case 'content_block_start':
        return this.blockStart(event, out);
      case 'content_block_delta':
        return this.blockDelta(event, out);
      case 'content_block_stop':
        return this.blockStop(event, out);
      case 'message_delta':
        return this.messageDelta(event, out);
      case 'message_stop':
        return this.finish(event, out);
      case 'error': {
        this.ensureStarted(out);
        const error = isRecord(event.error) ? event.error : {};
        this.done = true;
        out.push({ type: 'error', error: streamErrorFromAnthropic(str(error.type), str(error.message)) });
        return;
      }
      default:
        return; // ping and event types added later
    }
  }

  private ensureStarted(out: StreamEvent[]): void {
    if (this.started) return;
    this.started = true;
    out.push({ type: 'start' });
  }

  private messageStart(event: Json, out: StreamEvent[]): void {
    const message = isRecord(event.message) ? event.message : undefined;
    if (!message) return void this.malformed.push('message_start without a message');
    if (this.started) return;
    this.started = true;
    const start: StreamEvent = { type: 'start' };
    const id = str(message.id);
    const model = str(message.model);
    if (id) start.id = id;
    if (model) start.model = model;
    out.push(start);
    if (isRecord(message.usage)) this.mergeUsage(message.usage);
  }

  private blockStart(event: Json, out: StreamEvent[]): void {
    const index = num(event.index);
    const block = isRecord(event.content_block) ? event.content_block : undefined;
    if (typeof index !== 'number' || !block) return void this.malformed.push('content_block_start without index or content_block');
    this.ensureStarted(out);
    switch (block.type) {
      case 'text': {
        this.blocks.set(index, { kind: 'text' });
        const text = str(block.text);
        if (text) out.push({ type: 'text-delta', text });
        return;
      }
      case 'thinking': {
        this.blocks.set(index, { kind: 'thinking' });
        const text = str(block.thinking);
        if (text) out.push({ type: 'reasoning-delta', text });
        return;
      }
      case 'redacted_thinking':
        this.blocks.set(index, { kind: 'ignored' });
        out.push({ type: 'reasoning-delta', text: '', signature: str(block.data) ?? '', signatureFrom: 'anthropic', redacted: true });
        return;
      case 'tool_use': {
        const id = str(block.id) ?? `call_${index}`;
        const input = isRecord(block.input) && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : '';
        this.blocks.set(index, { kind: 'tool', id, sawArguments: input !== '' });
        out.push({ type: 'tool-call-start', id, name: str(block.name) ?? '' });
        if (input) out.push({ type: 'tool-call-delta', id, argumentsDelta: input });
        return;
      }
      default:
        this.blocks.set(index, { kind: 'ignored' }); // server tool blocks
    }
  }

  private blockDelta(event: Json, out: StreamEvent[]): void {
    const index = num(event.index);
    const delta = isRecord(event.delta) ? event.delta : undefined;
    if (typeof index !== 'number' || !delta) return void this.malformed.push('content_block_delta without index or delta');
    const block = this.blocks.get(index);
    if (!block) return void this.malformed.push(`content_block_delta for block ${index}, which was not started`);
    switch (delta.type) {
      case 'text_delta': {
        const text = str(delta.text);
        if (text === undefined) return void this.malformed.push('text_delta without text');
        if (text) out.push({ type: 'text-delta', text });
        return;
      }
      case 'thinking_delta': {
        const text = str(delta.thinking);
        if (text === undefined) return void this.malformed.push('thinking_delta without thinking');
        if (text) out.push({ type: 'reasoning-delta', text });
        return;
      }
      case 'signature_delta': {
        const signature = str(delta.signature);
        if (signature === undefined) return void this.malformed.push('signature_delta without signature');
        out.push({ type: 'reasoning-delta', text: '', signature, signatureFrom: 'anthropic' });
        return;
      }
      case 'input_json_delta': {
        const partial = str(delta.partial_json);
        if (partial === undefined) return void this.malformed.push('input_json_delta without partial_json');
        if (block.kind !== 'tool' || !partial) return;
        block.sawArguments = true;
        out.push({ type: 'tool-call-delta', id: block.id, argumentsDelta: partial });
        return;
      }
      default:
        return; // citations_delta and later delta types
    }
  }

  private blockStop(event: Json, out: StreamEvent[]): void {
    const index = num(event.index);
    if (typeof index !== 'number') return void this.malformed.push('content_block_stop without index');
    const block = this.blocks.get(index);
    if (block?.kind !== 'tool') return;
    // A tool called with no arguments streams none: its arguments are the empty object.
    if (!block.sawArguments) out.push({ type: 'tool-call-delta', id: block.id, argumentsDelta: '{}' });
    out.push({ type: 'tool-call-end', id: block.id });
    this.blocks.set(index, { kind: 'ignored' });
  }

  private messageDelta(event: Json, out: StreamEvent[]): void {
    const delta = isRecord(event.delta) ? event.delta : undefined;
    if (!delta) return void this.malformed.push('message_delta without delta');
    this.ensureStarted(out);
    const reason = str(delta.stop_reason);
    if (reason) this.stopReason = reason;
    const sequence = str(delta.stop_sequence);
    if (sequence !== undefined) this.stopSequence = sequence;
    this.sawDelta = true;
    if (isRecord(event.usage)) this.mergeUsage(event.usage);
  }

  private mergeUsage(usage: Json): void {
    const next: AnthropicUsage = { ...this.usage };
    const input = num(usage.input_tokens);
    const output = num(usage.output_tokens);
    const read = num(usage.cache_read_input_tokens);
    const write = num(usage.cache_creation_input_tokens);
    if (input != null) next.input_tokens = input;
    if (output != null) next.output_tokens = output;
    if (read != null) next.cache_read_input_tokens = read;
    if (write != null) next.cache_creation_input_tokens = write;
    const hour = isRecord(usage.cache_creation) ? num(usage.cache_creation.ephemeral_1h_input_tokens) : undefined;
    if (hour != null) next.cache_creation = { ephemeral_1h_input_tokens: hour };
    const details = usage.output_tokens_details;
    if (isRecord(details) && typeof details.thinking_tokens === 'number') next.output_tokens_details = { thinking_tokens: details.thinking_tokens };
    this.usage = next;
  }

  private finish(event: Json | undefined, out: StreamEvent[]): void {
    this.ensureStarted(out);
    this.done = true;
    const finish: StreamEvent = { type: 'finish', reason: finishReasonFromAnthropic(this.stopReason) };
    if (this.stopReason) finish.rawReason = this.stopReason;
    if (this.stopSequence !== undefined) finish.stopSequence = this.stopSequence;
    const usage = usageFromAnthropic(this.usage);
    if (usage) finish.usage = usage;
    if (event) {
      const extra: Extra = {};
      for (const key of Object.keys(event)) if (key !== 'type') extra[key] = event[key];
      if (Object.keys(extra).length > 0) finish.extra = extra;
    }
    out.push(finish);
  }
}

export function createAnthropicStreamDecoder(): StreamDecoder {
  return new AnthropicStreamDecoder();
}

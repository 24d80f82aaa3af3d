import type { StreamDecoder } from '../codec';
import type { StreamEvent } from '../neutral/stream-event';
import { classifyError } from '../shared/classify-error';
import { FREEFORM_ARGUMENTS_CLOSE, FREEFORM_ARGUMENTS_OPEN, freeformArgumentsPiece } from '../shared/freeform-input';
import { createSSESplitter } from '../shared/sse';
import { safeParseJSON } from '../shared/safe-parse-json';
import { mapOpenAIResponsesFinishReason } from './map-openai-responses-finish-reason';
import { parseOpenAIResponsesUsage } from './map-openai-responses-usage';
import { streamEventSchema, type StreamEventWire } from './openai-responses-api';
import { statusOfErrorCode } from './openai-responses-error';
import { SUMMARY_SEPARATOR } from './parse-reasoning-item';

interface Call {
  callId: string;
  sawDelta: boolean;
  ended: boolean;
  /** A custom tool's call: its raw input pieces go out inside `{"input":"…"}`, the neutral arguments of a freeform call. */
  freeform: boolean;
}

const TOOL_CALL_ITEMS = new Set(['function_call', 'custom_tool_call']);

/**
 * An upstream's Responses SSE stream → neutral events. Calls are found by
 * item id or output index; a call whose arguments came only whole (in
 * `.done` or the item) gets them as one delta; the terminal event closes
 * open calls and finishes with the response's status and usage.
 */
class ResponsesStreamDecoder implements StreamDecoder {
  readonly malformed: string[] = [];
  private readonly splitter = createSSESplitter();
  private started = false;
  private done = false;
  private sawToolCall = false;
  /** Function calls seen so far: names a call that came without any id (`call_<n>`). */
  private callCount = 0;
  private readonly calls = new Map<string, Call>();
  private readonly callsByIndex = new Map<number, Call>();

  push(chunk: string): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const message of this.splitter.push(chunk)) this.message(message.data, message.event, out);
    return out;
  }

  end(): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const message of this.splitter.end()) this.message(message.data, message.event, out);
    if (!this.done) {
      this.start(out, undefined);
      this.done = true;
      out.push({ type: 'error', error: { kind: 'upstream', message: 'the upstream stream ended before the response was complete' } });
    }
    return out;
  }

  private message(data: string, eventName: string | undefined, out: StreamEvent[]): void {
    if (this.done || data === '[DONE]') return;
    const json = safeParseJSON(data);
    if (!json.success) {
      this.malformed.push(`${eventName ?? 'event'}: data is not JSON`);
      return;
    }
    const parsed = streamEventSchema.safeParse(json.value);
    if (!parsed.success) {
      this.malformed.push(`${eventName ?? 'event'}: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}`);
      return;
    }
    this.event(parsed.data, out);
  }

  private event(event: StreamEventWire, out: StreamEvent[]): void {
    switch (event.type) {
      case 'response.created':
      case 'response.in_progress':
        this.start(out, event);
        return;
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        if (event.delta) this.start(out, undefined).push({ type: 'text-delta', text: event.delta });
        return;
      case 'response.reasoning_summary_part.added':
        if ((event.summary_index ?? 0) > 0) this.start(out, undefined).push({ type: 'reasoning-delta', text: SUMMARY_SEPARATOR });
        return;
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        if (event.delta) this.start(out, undefined).push({ type: 'reasoning-delta', text: event.delta });
        return;
      case 'response.output_item.added':
        this.itemAdded(event, out);
        return;
      case 'response.function_call_arguments.delta':
      case 'response.custom_tool_call_input.delta':
        this.argumentsDelta(event, out);
        return;
      case 'response.function_call_arguments.done':
        this.callDone(this.callOf(event), event.arguments, out);
        return;
      case 'response.custom_tool_call_input.done':
        this.callDone(this.callOf(event), event.input, out);
        return;
      case 'response.output_item.done':
        this.itemDone(event, out);
        return;
      case 'response.completed':
      case 'response.incomplete':
        this.finish(event, out);
        return;
      case 'response.failed':
      case 'error':
        this.fail(event, out);
        return;
      default:
        return;
    }
  }

  private start(out: StreamEvent[], event: StreamEventWire | undefined): StreamEvent[] {
    if (this.started) return out;
    this.started = true;
    const response = event?.response;
    out.push({
      type: 'start',
      ...(response?.id ? { id: response.id } : {}),
      ...(response?.model ? { model: response.model } : {}),
      ...(typeof response?.created_at === 'number' ? { created: response.created_at } : {}),
    });
    return out;
  }

  private itemAdded(event: StreamEventWire, out: StreamEvent[]): void {
    const item = event.item;
    if (!item || !TOOL_CALL_ITEMS.has(item.type)) return;
    const callId = item.call_id ?? item.id ?? `call_${this.callCount}`;
    this.callCount++;
    const freeform = item.type === 'custom_tool_call';
    const call: Call = { callId, sawDelta: false, ended: false, freeform };
    if (item.id) this.calls.set(item.id, call);
    if (typeof event.output_index === 'number') this.callsByIndex.set(event.output_index, call);
    this.sawToolCall = true;
    this.start(out, undefined).push({
      type: 'tool-call-start',
      id: callId,
      name: item.name ?? '',
      ...(item.namespace ? { namespace: item.namespace } : {}),
      ...(freeform ? { freeform: true } : {}),
    });
    if (freeform) out.push({ type: 'tool-call-delta', id: callId, argumentsDelta: FREEFORM_ARGUMENTS_OPEN });
    const given = freeform ? item.input : item.arguments;
    if (given) {
      call.sawDelta = true;
      out.push({ type: 'tool-call-delta', id: callId, argumentsDelta: freeform ? freeformArgumentsPiece(given) : given });
    }
  }

  private callOf(event: StreamEventWire): Call | undefined {
    const byId = event.item_id ? this.calls.get(event.item_id) : undefined;
    if (byId) return byId;
    return typeof event.output_index === 'number' ? this.callsByIndex.get(event.output_index) : undefined;
  }

  private argumentsDelta(event: StreamEventWire, out: StreamEvent[]): void {
    const call = this.callOf(event);
    if (!call || call.ended) {
      this.malformed.push('response.function_call_arguments.delta: no open function call for it');
      return;
    }
    if (!event.delta) return;
    call.sawDelta = true;
    out.push({ type: 'tool-call-delta', id: call.callId, argumentsDelta: call.freeform ? freeformArgumentsPiece(event.delta) : event.delta });
  }

  /** `given`: the call's whole arguments (a custom tool's input), where the closing event carries them. */
  private callDone(call: Call | undefined, given: string | null | undefined, out: StreamEvent[]): void {
    if (!call || call.ended) return;
    if (!call.sawDelta && given) out.push({ type: 'tool-call-delta', id: call.callId, argumentsDelta: call.freeform ? freeformArgumentsPiece(given) : given });
    if (call.freeform) out.push({ type: 'tool-call-delta', id: call.callId, argumentsDelta: FREEFORM_ARGUMENTS_CLOSE });
    call.ended = true;
    out.push({ type: 'tool-call-end', id: call.callId });
  }

  private itemDone(event: StreamEventWire, out: StreamEvent[]): void {
    const item = event.item;
    if (item && TOOL_CALL_ITEMS.has(item.type)) {
      this.callDone(this.callOf({ ...event, item_id: item.id }), item.type === 'custom_tool_call' ? item.input : item.arguments, out);
    } else if (item?.type === 'reasoning' && item.encrypted_content) {
      this.start(out, undefined).push({ type: 'reasoning-delta', text: '', signature: item.encrypted_content, signatureFrom: 'openai-responses' });
    }
  }

  private closeCalls(out: StreamEvent[]): void {
    for (const call of this.callsByIndex.values()) this.callDone(call, undefined, out);
    for (const call of this.calls.values()) this.callDone(call, undefined, out);
  }

  private finish(event: StreamEventWire, out: StreamEvent[]): void {
    this.start(out, event);
    this.closeCalls(out);
    this.done = true;
    const response = event.response;
    const incomplete = response?.incomplete_details?.reason ?? undefined;
    const status = response?.status ?? (event.type === 'response.incomplete' ? 'incomplete' : 'completed');
    const hasCalls = this.sawToolCall || (response?.output ?? []).some((item) => TOOL_CALL_ITEMS.has(item.type));
    const usage = parseOpenAIResponsesUsage(response?.usage);
    out.push({
      type: 'finish',
      reason: mapOpenAIResponsesFinishReason(status, incomplete, hasCalls),
      rawReason: incomplete ?? status,
      ...(usage ? { usage } : {}),
    });
  }

  private fail(event: StreamEventWire, out: StreamEvent[]): void {
    this.start(out, undefined);
    this.done = true;
    const said = event.response?.error ?? event.error ?? event;
    const code = said.code ?? undefined;
    const error = classifyError(statusOfErrorCode(code), { message: said.message ?? 'the upstream reported a failure', code });
    const param = event.param ?? event.error?.param ?? undefined;
    out.push({ type: 'error', error: param ? { ...error, param } : error });
  }
}

export function createOpenAIResponsesStreamDecoder(): StreamDecoder {
  return new ResponsesStreamDecoder();
}

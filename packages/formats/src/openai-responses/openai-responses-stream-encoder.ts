import type { FormatStreamOptions, StreamEncoder } from '../codec';
import type { NeutralError } from '../neutral/neutral-error';
import type { FinishEvent, StreamEvent } from '../neutral/stream-event';
import { freeformText } from '../shared/freeform-input';
import { signatureFor } from '../shared/signature-provenance';
import { benchReasoningId } from './bench-reasoning-id';
import { statusOfFinishReason } from './map-openai-responses-finish-reason';
import { usageJSON } from './map-openai-responses-usage';
import { errorCode, errorType } from './openai-responses-error';
import { idBase, responseEnvelope } from './response-envelope';

const q = JSON.stringify;

interface OpenItem {
  index: number;
  id: string;
  text: string;
  /** The fields every delta of this item starts with (`"item_id":…,"output_index":…`), built once. */
  where: string;
}

interface OpenReasoning extends OpenItem {
  signature: string | undefined;
  summaryOpen: boolean;
}

interface OpenCall extends OpenItem {
  callId: string;
  name: string;
  /** The item's `"name"` value as written: the quoted name, and the namespace after it where there is one. */
  named: string;
  /** A custom tool's call: its input is written whole when it ends (the neutral pieces are of `{"input":"…"}`). */
  freeform: boolean;
}

/**
 * Neutral events → the Responses SSE sequence the official SDKs expect:
 * response.created and response.in_progress first, each output item opened
 * (output_item.added, content_part.added / reasoning_summary_part.added)
 * before its deltas and closed (…done, output_item.done) before the next,
 * then response.completed / .incomplete / .failed carrying the whole response.
 * Strings are built directly: this is the hot path.
 */
class ResponsesStreamEncoder implements StreamEncoder {
  private seq = 0;
  private started = false;
  private done = false;
  private id: string;
  private model: string;
  private created: number | undefined;
  private base = '';
  private readonly envelope: string;
  private readonly output: string[] = [];
  private message: OpenItem | undefined;
  private reasoning: OpenReasoning | undefined;
  private readonly calls = new Map<string, OpenCall>();

  constructor(options: FormatStreamOptions | undefined) {
    this.id = options?.id ?? 'resp_bench';
    this.model = options?.model ?? options?.request?.model ?? '';
    const envelope = q(responseEnvelope(options?.request));
    this.envelope = envelope.slice(1, -1);
  }

  encode(event: StreamEvent): string {
    if (this.done) return '';
    switch (event.type) {
      case 'start':
        if (this.started) return '';
        if (event.id !== undefined) this.id = event.id;
        if (event.model !== undefined) this.model = event.model;
        if (event.created !== undefined) this.created = event.created;
        return this.open();
      case 'text-delta':
        return this.text(event.text);
      case 'reasoning-delta':
        return this.reason(
          event.text,
          event.signature === undefined ? undefined : signatureFor('openai-responses', event.signature, event.signatureFrom),
          event.redacted === true,
        );
      case 'tool-call-start':
        return this.callStart(event.id, event.name, event.namespace, event.freeform === true);
      case 'tool-call-delta':
        return this.callDelta(event.id, event.argumentsDelta);
      case 'tool-call-end': {
        const call = this.calls.get(event.id);
        return call ? this.open() + this.closeCall(call) : '';
      }
      case 'finish':
        return this.finish(event);
      case 'error':
        // Text and reasoning so far are closed (keeping reasoning's encrypted content); open calls are not: they never completed.
        return this.open() + this.closeMessage() + this.closeReasoning() + this.error(event.error);
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }

  end(): string {
    if (this.done) return '';
    return this.error({ kind: 'upstream', message: 'the upstream stream ended before the response was complete' });
  }

  private event(type: string, body: string): string {
    return `event: ${type}\ndata: {"type":"${type}","sequence_number":${this.seq++},${body}}\n\n`;
  }

  private response(status: string, output: string, usage: string, tail: string): string {
    return `"response":{"id":${q(this.id)},"object":"response","created_at":${this.created},"status":"${status}",${tail}"model":${q(this.model)},"output":[${output}],${this.envelope},"usage":${usage}`;
  }

  private open(): string {
    if (this.started) return '';
    this.started = true;
    this.created ??= Math.floor(Date.now() / 1000);
    this.base = idBase(this.id);
    const pending = this.response('in_progress', '', 'null', '"error":null,"incomplete_details":null,');
    return this.event('response.created', `${pending}}`) + this.event('response.in_progress', `${pending}}`);
  }

  private text(text: string): string {
    let out = this.open();
    if (text === '') return out;
    let message = this.message;
    if (!message) {
      out += this.closeReasoning();
      const index = this.output.length;
      const id = `msg_${this.base}_${index}`;
      message = { index, id, text: '', where: `"item_id":${q(id)},"output_index":${index},"content_index":0` };
      this.output.push('');
      this.message = message;
      out +=
        this.event(
          'response.output_item.added',
          `"output_index":${index},"item":{"id":${q(message.id)},"type":"message","status":"in_progress","role":"assistant","content":[]}`,
        ) +
        this.event(
          'response.content_part.added',
          `"item_id":${q(message.id)},"output_index":${index},"content_index":0,"part":{"type":"output_text","text":"","annotations":[],"logprobs":[]}`,
        );
    }
    message.text += text;
    return out + this.event('response.output_text.delta', `${message.where},"delta":${q(text)},"logprobs":[]`);
  }

  private closeMessage(): string {
    const message = this.message;
    if (!message) return '';
    this.message = undefined;
    const text = q(message.text);
    const where = message.where;
    const part = `{"type":"output_text","text":${text},"annotations":[],"logprobs":[]}`;
    const item = `{"id":${q(message.id)},"type":"message","status":"completed","role":"assistant","content":[${part}]}`;
    this.output[message.index] = item;
    return (
      this.event('response.output_text.done', `${where},"text":${text},"logprobs":[]`) +
      this.event('response.content_part.done', `${where},"part":${part}`) +
      this.event('response.output_item.done', `"output_index":${message.index},"item":${item}`)
    );
  }

  private reason(text: string, signature: string | undefined, redacted: boolean): string {
    let out = this.open();
    let reasoning = this.reasoning;
    if (!reasoning) {
      out += this.closeMessage();
      const index = this.output.length;
      const id = benchReasoningId(this.base, index);
      reasoning = { index, id, text: '', where: `"item_id":${q(id)},"output_index":${index},"summary_index":0`, signature: undefined, summaryOpen: false };
      this.output.push('');
      this.reasoning = reasoning;
      out += this.event('response.output_item.added', `"output_index":${index},"item":{"id":${q(reasoning.id)},"type":"reasoning","summary":[]}`);
    }
    if (redacted) {
      reasoning.signature = (reasoning.signature ?? '') + (signature ?? text);
      return out;
    }
    if (signature !== undefined) reasoning.signature = (reasoning.signature ?? '') + signature;
    if (text === '') return out;
    const where = reasoning.where;
    if (!reasoning.summaryOpen) {
      reasoning.summaryOpen = true;
      out += this.event('response.reasoning_summary_part.added', `${where},"part":{"type":"summary_text","text":""}`);
    }
    reasoning.text += text;
    return out + this.event('response.reasoning_summary_text.delta', `${where},"delta":${q(text)}`);
  }

  private closeReasoning(): string {
    const reasoning = this.reasoning;
    if (!reasoning) return '';
    this.reasoning = undefined;
    let out = '';
    const text = q(reasoning.text);
    const summary = reasoning.summaryOpen ? `{"type":"summary_text","text":${text}}` : '';
    if (reasoning.summaryOpen) {
      const where = reasoning.where;
      out +=
        this.event('response.reasoning_summary_text.done', `${where},"text":${text}`) +
        this.event('response.reasoning_summary_part.done', `${where},"part":${summary}`);
    }
    const encrypted = reasoning.signature === undefined ? '' : `,"encrypted_content":${q(reasoning.signature)}`;
    const item = `{"id":${q(reasoning.id)},"type":"reasoning","summary":[${summary}]${encrypted}}`;
    this.output[reasoning.index] = item;
    return out + this.event('response.output_item.done', `"output_index":${reasoning.index},"item":${item}`);
  }

  private callStart(callId: string, name: string, namespace: string | undefined, freeform: boolean): string {
    const out = this.open() + this.closeMessage() + this.closeReasoning();
    const index = this.output.length;
    const id = `${freeform ? 'ctc' : 'fc'}_${this.base}_${index}`;
    const named = namespace === undefined ? q(name) : `${q(name)},"namespace":${q(namespace)}`;
    const call: OpenCall = { index, id, text: '', where: `"item_id":${q(id)},"output_index":${index}`, callId, name, named, freeform };
    this.output.push('');
    this.calls.set(callId, call);
    const item = freeform
      ? `{"id":${q(call.id)},"type":"custom_tool_call","call_id":${q(callId)},"name":${named},"input":""}`
      : `{"id":${q(call.id)},"type":"function_call","status":"in_progress","call_id":${q(callId)},"name":${named},"arguments":""}`;
    return out + this.event('response.output_item.added', `"output_index":${index},"item":${item}`);
  }

  private callDelta(callId: string, delta: string): string {
    const call = this.calls.get(callId);
    if (!call || delta === '') return '';
    call.text += delta;
    return call.freeform ? '' : this.event('response.function_call_arguments.delta', `${call.where},"delta":${q(delta)}`);
  }

  private closeCall(call: OpenCall): string {
    this.calls.delete(call.callId);
    if (call.freeform) return this.closeCustomCall(call);
    const args = q(call.text);
    const item = `{"id":${q(call.id)},"type":"function_call","status":"completed","call_id":${q(call.callId)},"name":${call.named},"arguments":${args}}`;
    this.output[call.index] = item;
    return (
      this.event('response.function_call_arguments.done', `${call.where},"name":${q(call.name)},"arguments":${args}`) +
      this.event('response.output_item.done', `"output_index":${call.index},"item":${item}`)
    );
  }

  /** A custom tool's call, its raw input in one delta: what it takes is only known once `{"input":"…"}` is whole. */
  private closeCustomCall(call: OpenCall): string {
    const input = q(freeformText(call.text));
    const item = `{"id":${q(call.id)},"type":"custom_tool_call","call_id":${q(call.callId)},"name":${call.named},"input":${input}}`;
    this.output[call.index] = item;
    return (
      (input === '""' ? '' : this.event('response.custom_tool_call_input.delta', `${call.where},"delta":${input}`)) +
      this.event('response.custom_tool_call_input.done', `${call.where},"input":${input}`) +
      this.event('response.output_item.done', `"output_index":${call.index},"item":${item}`)
    );
  }

  private finish(event: FinishEvent): string {
    let out = this.open() + this.closeMessage() + this.closeReasoning();
    for (const call of this.calls.values()) out += this.closeCall(call);
    this.done = true;
    const { status, incompleteReason } = statusOfFinishReason(event.reason);
    const error = status === 'failed' ? `{"code":"server_error","message":${q(`the model failed (${event.rawReason ?? 'error'})`)}}` : 'null';
    const incomplete = incompleteReason ? `{"reason":"${incompleteReason}"}` : 'null';
    let tail = '';
    if (event.extra) for (const key of Object.keys(event.extra)) tail += `,${q(key)}:${q(event.extra[key]) ?? 'null'}`;
    const response = this.response(status, this.output.join(','), usageJSON(event.usage), `"error":${error},"incomplete_details":${incomplete},`);
    const type = status === 'completed' ? 'response.completed' : status === 'incomplete' ? 'response.incomplete' : 'response.failed';
    return out + this.event(type, `${response}${tail}}`);
  }

  private error(error: NeutralError): string {
    this.done = true;
    const code = q(errorCode(error));
    const message = q(error.message);
    const param = q(error.param ?? null);
    return this.event(
      'error',
      `"code":${code},"message":${message},"param":${param},"error":{"type":"${errorType(error)}","code":${code},"message":${message},"param":${param}}`,
    );
  }
}

export function createOpenAIResponsesStreamEncoder(options?: FormatStreamOptions): StreamEncoder {
  return new ResponsesStreamEncoder(options);
}

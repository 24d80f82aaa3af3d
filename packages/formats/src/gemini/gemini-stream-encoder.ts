import type { FormatStreamOptions, StreamEncoder } from '../codec';
import type { StreamEvent } from '../neutral/stream-event';
import { replyToolInput } from '../shared/reply-tool-input';
import { safeParseJSON } from '../shared/safe-parse-json';
import { signatureFor } from '../shared/signature-provenance';
import { geminiErrorObject } from './gemini-error';
import { isRecord } from './gemini-extra';
import { toGeminiFinishReason } from './map-gemini-finish-reason';
import { toGeminiUsage } from './map-gemini-usage';
import { ArrayFraming, type Framing, SSEFraming } from './gemini-stream-framing';
import { flatToolName } from '../shared/tool-names';

/**
 * Neutral events → Gemini SSE (`?alt=sse`): one GenerateContentResponse per
 * piece, a function call whole in one part, the finishReason and
 * usageMetadata (and `finish.extra`) on the last chunk. Strings are built
 * directly: this is hot.
 */
export function createGeminiStreamEncoder(options?: FormatStreamOptions): StreamEncoder {
  return new GeminiStreamEncoder(options, new SSEFraming());
}

/**
 * The same responses as one JSON array that arrives piece by piece: what
 * `:streamGenerateContent` answers without `?alt=sse`. Read whole, it is one
 * JSON value (see ArrayFraming for how the pieces are laid out).
 */
export function createGeminiArrayStreamEncoder(options?: FormatStreamOptions): StreamEncoder {
  return new GeminiStreamEncoder(options, new ArrayFraming());
}

class GeminiStreamEncoder implements StreamEncoder {
  private id: string | undefined;
  private model: string | undefined;
  private tail: string | undefined;
  private signature: string | undefined;
  private call: { id: string; name: string; args: string } | undefined;
  private done = false;

  constructor(
    options: FormatStreamOptions | undefined,
    private readonly framing: Framing,
  ) {
    this.id = options?.id;
    this.model = options?.model ?? options?.request?.model;
  }

  encode(event: StreamEvent): string {
    if (this.done) return '';
    switch (event.type) {
      case 'start':
        if (event.id !== undefined) this.id = event.id;
        if (event.model !== undefined) this.model = event.model;
        this.tail = undefined;
        return this.framing.open();
      case 'text-delta':
        return this.chunk(`{"text":${JSON.stringify(event.text)}${this.takeSignature()}}`);
      case 'reasoning-delta': {
        const signature = event.signature === undefined ? undefined : signatureFor('gemini', event.signature, event.signatureFrom);
        if (event.text === '' && signature !== undefined && !event.redacted) {
          const flushed = this.flushSignature();
          this.signature = signature;
          return flushed;
        }
        return this.chunk(this.thoughtPart(event.redacted ? '' : event.text, signature));
      }
      case 'tool-call-start':
        this.call = { id: event.id, name: flatToolName(event.name, event.namespace), args: '' };
        return '';
      case 'tool-call-delta':
        if (this.call) this.call.args += event.argumentsDelta;
        return '';
      case 'tool-call-end':
        return this.toolCall();
      case 'finish':
        return this.finish(event);
      case 'error':
        this.done = true;
        return this.flushSignature() + this.framing.element(JSON.stringify({ error: geminiErrorObject(event.error) })) + this.framing.close();
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }

  end(): string {
    if (this.done) return '';
    this.done = true;
    const error = geminiErrorObject({ kind: 'upstream', message: 'the stream ended before the reply finished' });
    return this.framing.element(JSON.stringify({ error })) + this.framing.close();
  }

  private toolCall(): string {
    const call = this.call;
    this.call = undefined;
    if (!call) return '';
    const text = call.args === '' ? '{}' : call.args;
    const parsed = safeParseJSON(text);
    const args = parsed.success && isRecord(parsed.value) ? text : JSON.stringify(replyToolInput(call.args, 'functionCall'));
    return this.chunk(`{"functionCall":{"id":${JSON.stringify(call.id)},"name":${JSON.stringify(call.name)},"args":${args}}${this.takeSignature()}}`);
  }

  private finish(event: Extract<StreamEvent, { type: 'finish' }>): string {
    this.done = true;
    // A signature nothing followed: Gemini's own shape for it, an empty text part carrying it.
    const parts = this.signature !== undefined ? `{"text":""${this.takeSignature()}}` : '';
    let out = `{"candidates":[{"content":{"role":"model","parts":[${parts}]},"finishReason":"${toGeminiFinishReason(event.reason, event.rawReason)}","index":0}]`;
    if (event.usage) out += `,"usageMetadata":${JSON.stringify(toGeminiUsage(event.usage))}`;
    out += this.suffix();
    if (event.extra) for (const key of Object.keys(event.extra)) out += `,${JSON.stringify(key)}:${JSON.stringify(event.extra[key]) ?? 'null'}`;
    return this.framing.element(`${out}}`) + this.framing.close();
  }

  /** A signature still waiting for its part, written on its own (an empty text part), as Gemini does. */
  private flushSignature(): string {
    return this.signature === undefined ? '' : this.chunk(`{"text":""${this.takeSignature()}}`);
  }

  private chunk(part: string): string {
    return this.framing.element(`{"candidates":[{"content":{"role":"model","parts":[${part}]},"index":0}]${this.suffix()}}`);
  }

  private suffix(): string {
    if (this.tail === undefined) {
      this.tail = '';
      if (this.model !== undefined) this.tail += `,"modelVersion":${JSON.stringify(this.model)}`;
      if (this.id !== undefined) this.tail += `,"responseId":${JSON.stringify(this.id)}`;
    }
    return this.tail;
  }

  /** A thought part; a signature still waiting for its part is written before it, on its own. */
  private thoughtPart(text: string, signature: string | undefined): string {
    const waiting = this.signature === undefined ? '' : `{"text":""${this.takeSignature()}},`;
    const sig = signature === undefined ? '' : `,"thoughtSignature":${JSON.stringify(signature)}`;
    return `${waiting}{"text":${JSON.stringify(text)},"thought":true${sig}}`;
  }

  private takeSignature(): string {
    const signature = this.takeRawSignature();
    return signature === undefined ? '' : `,"thoughtSignature":${JSON.stringify(signature)}`;
  }

  private takeRawSignature(): string | undefined {
    const signature = this.signature;
    this.signature = undefined;
    return signature;
  }
}

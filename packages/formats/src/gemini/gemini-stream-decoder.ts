import type { StreamDecoder } from '../codec';
import type { StreamEvent } from '../neutral/stream-event';
import type { Usage } from '../neutral/usage';
import { classifyError } from '../shared/classify-error';
import { safeParseJSON } from '../shared/safe-parse-json';
import { createSSESplitter } from '../shared/sse';
import { geminiReplySchema, type GeminiReply, type GeminiReplyPart } from './gemini-reply-api';
import { mapGeminiFinishReason } from './map-gemini-finish-reason';
import { mapGeminiUsage } from './map-gemini-usage';

/**
 * Gemini `streamGenerateContent?alt=sse` → neutral events. Each `data:` is a
 * whole GenerateContentResponse; Gemini has no terminator, so the finish is
 * emitted at `end()` when a finishReason was seen, and an error otherwise.
 */
export function createGeminiStreamDecoder(): StreamDecoder {
  return new GeminiStreamDecoder();
}

class GeminiStreamDecoder implements StreamDecoder {
  readonly malformed: string[] = [];
  private readonly splitter = createSSESplitter();
  private started = false;
  private done = false;
  private events = 0;
  private calls = 0;
  private rawFinish: string | undefined;
  private blocked = false;
  private usage: Usage | undefined;

  push(chunk: string): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const message of this.splitter.push(chunk)) this.handle(message.data, out);
    return out;
  }

  end(): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const message of this.splitter.end()) this.handle(message.data, out);
    if (this.done) return out;
    this.done = true;
    this.start(out, undefined);
    if (this.rawFinish === undefined) {
      out.push({ type: 'error', error: { kind: 'upstream', message: 'the Gemini stream ended before a finishReason' } });
      return out;
    }
    const reason = this.blocked ? 'content-filter' : mapGeminiFinishReason(this.rawFinish, this.calls > 0);
    out.push({ type: 'finish', reason, rawReason: this.rawFinish, ...(this.usage ? { usage: this.usage } : {}) });
    return out;
  }

  private handle(data: string, out: StreamEvent[]): void {
    this.events += 1;
    if (this.done) return;
    const json = safeParseJSON(data);
    if (!json.success) {
      this.malformed.push(`event ${this.events}: not JSON`);
      return;
    }
    const parsed = geminiReplySchema.safeParse(json.value);
    if (!parsed.success) {
      this.malformed.push(`event ${this.events}: not a GenerateContentResponse (${parsed.error.issues[0]?.message ?? 'invalid'})`);
      return;
    }
    this.chunk(parsed.data, out);
  }

  private chunk(wire: GeminiReply, out: StreamEvent[]): void {
    this.start(out, wire);
    if (wire.error) {
      const said: { message?: string; code?: string } = {};
      if (wire.error.message) said.message = wire.error.message;
      if (wire.error.status) said.code = wire.error.status;
      out.push({ type: 'error', error: classifyError(wire.error.code ?? 500, said) });
      this.done = true;
      return;
    }
    const candidate = wire.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) this.part(part, out);
    if (candidate?.finishReason) this.rawFinish = candidate.finishReason;
    else if (!candidate && wire.promptFeedback?.blockReason) {
      this.rawFinish = wire.promptFeedback.blockReason;
      this.blocked = true;
    }
    const usage = mapGeminiUsage(wire.usageMetadata);
    if (usage) this.usage = usage;
  }

  private part(part: GeminiReplyPart, out: StreamEvent[]): void {
    const signature = part.thoughtSignature ?? undefined;
    if (part.thought && typeof part.text === 'string') {
      out.push(
        signature === undefined
          ? { type: 'reasoning-delta', text: part.text }
          : { type: 'reasoning-delta', text: part.text, signature, signatureFrom: 'gemini' },
      );
      return;
    }
    if (signature !== undefined) out.push({ type: 'reasoning-delta', text: '', signature, signatureFrom: 'gemini' });
    if (part.functionCall) {
      const id = part.functionCall.id ?? `call_${this.calls}`;
      this.calls += 1;
      out.push({ type: 'tool-call-start', id, name: part.functionCall.name });
      out.push({ type: 'tool-call-delta', id, argumentsDelta: JSON.stringify(part.functionCall.args ?? {}) });
      out.push({ type: 'tool-call-end', id });
    } else if (typeof part.text === 'string') {
      if (part.text !== '') out.push({ type: 'text-delta', text: part.text });
    } else if (part.inlineData) {
      this.malformed.push(`event ${this.events}: an inlineData part has no stream event and was skipped`);
    }
  }

  private start(out: StreamEvent[], wire: GeminiReply | undefined): void {
    if (this.started) return;
    this.started = true;
    const event: StreamEvent = { type: 'start' };
    if (wire?.responseId) event.id = wire.responseId;
    if (wire?.modelVersion) event.model = wire.modelVersion;
    out.push(event);
  }
}

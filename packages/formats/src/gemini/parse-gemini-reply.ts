import { InvalidReplyError } from '../errors/invalid-reply-error';
import type { AssistantContentPart } from '../neutral/content';
import type { NeutralReply } from '../neutral/reply';
import { geminiReplySchema, type GeminiReplyPart } from './gemini-reply-api';
import { restOf } from './gemini-extra';
import { mapGeminiFinishReason } from './map-gemini-finish-reason';
import { mapGeminiUsage } from './map-gemini-usage';

const MAPPED = ['candidates', 'usageMetadata', 'modelVersion', 'responseId'];

/** An upstream's GenerateContentResponse → neutral reply (first candidate). */
export function parseGeminiReply(body: unknown): NeutralReply {
  const parsed = geminiReplySchema.safeParse(body);
  if (!parsed.success) throw new InvalidReplyError('not a Gemini GenerateContentResponse', { body, cause: parsed.error });
  const wire = parsed.data;
  if (wire.error) throw new InvalidReplyError(`Gemini answered with an error: ${wire.error.message ?? wire.error.status ?? 'unknown'}`, { body });
  const candidate = wire.candidates?.[0];
  const content: AssistantContentPart[] = [];
  let calls = 0;
  for (const part of candidate?.content?.parts ?? []) {
    for (const converted of parseReplyPart(part, calls)) {
      if (converted.type === 'tool-call') calls += 1;
      content.push(converted);
    }
  }
  const blocked = !candidate && wire.promptFeedback?.blockReason;
  const raw = candidate?.finishReason ?? (blocked ? wire.promptFeedback?.blockReason : undefined);
  const reply: NeutralReply = {
    id: wire.responseId ?? '',
    model: wire.modelVersion ?? '',
    content,
    finishReason: blocked ? 'content-filter' : mapGeminiFinishReason(raw, calls > 0),
  };
  if (raw) reply.rawFinishReason = raw;
  const usage = mapGeminiUsage(wire.usageMetadata);
  if (usage) reply.usage = usage;
  const extra = restOf(wire, MAPPED);
  if (Object.keys(extra).length > 0) reply.extra = extra;
  return reply;
}

/** One reply part → neutral parts (a signature on a non-thought part becomes an empty reasoning part before it). */
export function parseReplyPart(part: GeminiReplyPart, calls: number): AssistantContentPart[] {
  const signature = part.thoughtSignature ?? undefined;
  if (part.thought && typeof part.text === 'string') {
    return [signature === undefined ? { type: 'reasoning', text: part.text } : { type: 'reasoning', text: part.text, signature, signatureFrom: 'gemini' }];
  }
  const out: AssistantContentPart[] = [];
  if (signature !== undefined) out.push({ type: 'reasoning', text: '', signature, signatureFrom: 'gemini' });
  if (part.functionCall) {
    const call = part.functionCall;
    out.push({ type: 'tool-call', id: call.id ?? `call_${calls}`, name: call.name, arguments: JSON.stringify(call.args ?? {}) });
  } else if (typeof part.text === 'string') {
    out.push({ type: 'text', text: part.text });
  } else if (part.inlineData) {
    out.push({ type: 'image', source: { kind: 'base64', mediaType: part.inlineData.mimeType, data: part.inlineData.data } });
  }
  return out;
}

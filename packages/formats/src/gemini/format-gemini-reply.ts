import type { Formatted } from '../codec';
import type { NeutralReply } from '../neutral/reply';
import type { Warning } from '../neutral/warning';
import { formatGeminiParts } from './format-gemini-part';
import { toGeminiFinishReason } from './map-gemini-finish-reason';
import { toGeminiUsage } from './map-gemini-usage';

/** Neutral reply → Gemini GenerateContentResponse; `reply.extra` keys become top-level fields. */
export function formatGeminiReply(reply: NeutralReply): Formatted<Record<string, unknown>> {
  const warnings: Warning[] = [];
  // Signatures are kept: the client sends them back, and the request's codec takes them on.
  const parts = formatGeminiParts(reply.content, 'content', { own: false, upstream: false, warnings, names: new Map() });
  const value: Record<string, unknown> = {
    candidates: [
      {
        content: { role: 'model', parts },
        finishReason: toGeminiFinishReason(reply.finishReason, reply.rawFinishReason),
        index: 0,
      },
    ],
  };
  if (reply.usage) {
    value.usageMetadata = toGeminiUsage(reply.usage);
    if (reply.usage.cacheWriteTokens !== undefined) {
      warnings.push({ code: 'dropped', path: 'usage.cacheWriteTokens', message: 'Gemini usageMetadata has no count of tokens written to the cache' });
    }
  }
  value.modelVersion = reply.model;
  value.responseId = reply.id;
  if (reply.created !== undefined) value.createTime = new Date(reply.created * 1000).toISOString();
  if (reply.extra) Object.assign(value, reply.extra);
  return { value, warnings };
}

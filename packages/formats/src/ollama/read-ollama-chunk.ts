import type { OllamaReply } from './ollama-api';

type Result = { ok: true; chunk: OllamaReply } | { ok: false; reason: string };

const STRING_FIELDS = ['model', 'created_at', 'response', 'thinking', 'done_reason'] as const;
const NUMBER_FIELDS = ['prompt_eval_count', 'eval_count'] as const;

/**
 * Checks one stream line against the shape `ollamaReplySchema` describes, by
 * hand: a stream has a line per token, and zod per line is too slow there.
 */
export function readOllamaChunk(value: object): Result {
  const chunk = value as Record<string, unknown>;
  for (const key of STRING_FIELDS) if (chunk[key] != null && typeof chunk[key] !== 'string') return bad(key, 'string');
  for (const key of NUMBER_FIELDS) if (chunk[key] != null && typeof chunk[key] !== 'number') return bad(key, 'number');
  if (chunk.done != null && typeof chunk.done !== 'boolean') return bad('done', 'boolean');
  const message = chunk.message;
  if (message != null) {
    if (typeof message !== 'object') return bad('message', 'object');
    const { content, thinking, tool_calls: calls, images } = message as Record<string, unknown>;
    if (content != null && typeof content !== 'string') return bad('message.content', 'string');
    if (thinking != null && typeof thinking !== 'string') return bad('message.thinking', 'string');
    if (images != null && !(Array.isArray(images) && images.every((image) => typeof image === 'string'))) return bad('message.images', 'array of strings');
    if (calls != null) {
      if (!Array.isArray(calls)) return bad('message.tool_calls', 'array');
      for (const call of calls as unknown[]) {
        const fn = typeof call === 'object' && call !== null ? (call as { function?: unknown }).function : undefined;
        if (typeof fn !== 'object' || fn === null || typeof (fn as { name?: unknown }).name !== 'string')
          return bad('message.tool_calls[].function.name', 'string');
        const id = (call as { id?: unknown }).id;
        if (id != null && typeof id !== 'string') return bad('message.tool_calls[].id', 'string');
      }
    }
  }
  return { ok: true, chunk: chunk as OllamaReply };
}

function bad(field: string, expected: string): Result {
  return { ok: false, reason: `${field}: expected ${expected}` };
}

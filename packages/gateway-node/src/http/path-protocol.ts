import type { Protocol } from '@bench/formats';

/** Whose error shape a path answers in: `/api/…` Ollama, `/v1beta/…` Gemini, `/v1/messages…` Anthropic, otherwise OpenAI. */
export function protocolOfPath(path: string): Protocol {
  if (path.startsWith('/api/')) return 'ollama';
  if (path.startsWith('/v1beta/')) return 'gemini';
  if (path.startsWith('/v1/messages')) return 'anthropic';
  if (path.startsWith('/v1/responses')) return 'openai-responses';
  return 'openai-chat';
}

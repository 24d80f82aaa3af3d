import type { NeutralRequest } from '@bench/formats';

/**
 * OpenAI routes a request to a cache by a hash of its first tokens, and a
 * prefix asked for often overflows to machines without it: every Claude Code
 * session opens with the same system prompt. Its `prompt_cache_key` spreads
 * them; a conversation that will come back (`promptCache`) gets its key as
 * one, unless the client sent its own (Codex does). For OpenAI's own API only
 * (the caller checks the host): other servers may refuse a field they do not know.
 */
export function useOpenAIPromptCacheKey(request: NeutralRequest, body: Record<string, unknown>): void {
  if (request.promptCache === undefined || body.prompt_cache_key !== undefined) return;
  body.prompt_cache_key = request.promptCache.conversation;
}

import type { NeutralRequest, Warning } from '@bench/formats';
import type { ModelTarget } from '../../model-target';
import type { Vendor } from '../registry';

/**
 * OpenAI routes a request to a cache by a hash of its first tokens, and a
 * prefix asked for often overflows to machines without it: every Claude Code
 * session opens with the same system prompt. Its `prompt_cache_key` spreads
 * them; a conversation that will come back (`promptCache`) gets its key as
 * one, unless the client sent its own (Codex does). For OpenAI's own API only
 * (a rule of ../openai.ts), in its two protocols: other servers may refuse a
 * field they do not know.
 */
export function useOpenAIPromptCacheKey(
  target: ModelTarget,
  _vendor: Vendor,
  body: Record<string, unknown>,
  _warnings: Warning[],
  upstream: NeutralRequest,
): void {
  if ((target.api !== 'openai-chat' && target.api !== 'openai-responses') || upstream.promptCache === undefined || body.prompt_cache_key !== undefined) return;
  body.prompt_cache_key = upstream.promptCache.conversation;
}

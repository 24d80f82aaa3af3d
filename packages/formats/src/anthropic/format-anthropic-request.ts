import type { UpstreamRequest } from '../codec';
import type { NeutralRequest } from '../neutral/request';
import type { Warning } from '../neutral/warning';
import type { FormatContext } from './format-anthropic-content';
import { formatMessagesAndSystem } from './format-anthropic-messages';
import { formatOptions, MERGED_KEYS } from './format-anthropic-options';
import { spreadExtra, warnForeignExtra } from './format-warnings';
import { markPromptCache } from './prompt-cache-marks';
import { dropTopPBesideTemperature } from './sampling-guard';
import { dropSamplingThinkingRefuses, dropThinkingAnthropicWouldRefuse } from './thinking-guard';

/** What max_tokens becomes when the request has no output budget: Anthropic requires one. */
export const DEFAULT_MAX_TOKENS = 4096;

/** A neutral request → an Anthropic Messages body for `POST {baseURL}/messages`. */
export function formatAnthropicRequest(request: NeutralRequest): UpstreamRequest {
  const warnings: Warning[] = [];
  const ctx: FormatContext = { same: request.origin === 'anthropic', warnings };
  const body: Record<string, unknown> = { model: request.model };
  const { system, messages } = formatMessagesAndSystem(request.system, request.messages, request.extra, ctx);
  if (system !== undefined) body.system = system;
  body.messages = messages;
  body.max_tokens = maxTokens(request, warnings);
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.topK !== undefined) body.top_k = request.topK;
  if (request.stop !== undefined) body.stop_sequences = request.stop;
  if (request.stream || !(ctx.same && request.extra.$streamAbsent === true)) body.stream = request.stream;
  formatOptions(request, body, ctx);
  if (request.seed !== undefined) warnings.push({ code: 'dropped', path: 'seed', message: 'Anthropic Messages has no seed' });
  if (ctx.same) spreadExtra(body, request.extra, MERGED_KEYS);
  else warnForeignExtra(request.extra, '', warnings);
  // An Anthropic client's own request goes as sent, unless thinking it sent back was left out (unsigned, or another provider's).
  if (!ctx.same || ctx.droppedThinking) dropThinkingAnthropicWouldRefuse(body, warnings);
  if (!ctx.same) {
    dropSamplingThinkingRefuses(body, warnings);
    dropTopPBesideTemperature(body, warnings);
    if (request.promptCache) markPromptCache(body, request.promptCache.ttl);
  }
  return { path: '/messages', body, warnings };
}

function maxTokens(request: NeutralRequest, warnings: Warning[]): number {
  if (request.maxOutputTokens !== undefined) return request.maxOutputTokens;
  const budget = request.reasoning?.budgetTokens ?? 0;
  const value = budget + DEFAULT_MAX_TOKENS;
  warnings.push({ code: 'converted', path: 'max_tokens', message: `no output budget given; Anthropic requires max_tokens, sent ${value}` });
  return value;
}

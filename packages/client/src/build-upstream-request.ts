import { dropSamplingThinkingRefuses, dropThinkingAnthropicWouldRefuse, type Codec, type NeutralRequest, type Warning } from '@bench/formats';
import { leaveOutForeignBillingBlock } from './anthropic-billing-block';
import { authHeaders } from './auth-headers';
import { leaveOutGoogleSignatures } from './google-signatures';
import { leaveOutReasoningControls } from './reasoning-capability';
import { leaveOutRefusedReasoningContent } from './reasoning-content-refused';
import { fillReasoningContent } from './reasoning-content-placeholder';
import { mergeUnder } from './merge-under';
import { fitMoonshotThinking } from './moonshot-thinking';
import { leaveOutOpenRouterDetails } from './openrouter-reasoning-details';
import { useOpenAIPromptCacheKey } from './openai-prompt-cache-key';
import { fitOpenAIReasoningControls } from './openai-reasoning-controls';
import { useOpenAITokenField } from './openai-token-field';
import type { ModelTarget, Vendor } from './model-target';
import { vendorOf } from './provider-host';
import { markDeepSeekPrefix } from './prefill-prefix';

export interface BuiltRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  warnings: Warning[];
}

/** The HTTP request for one target: the codec's path and body, the model's options under it, auth headers. */
export function buildUpstreamRequest(codec: Codec, target: ModelTarget, request: NeutralRequest): BuiltRequest {
  // Usage is always asked for upstream: the ledger needs it whatever the caller wanted.
  const cut = outputCut(request, target);
  // Object.assign, not `{ ...request, model }` plus keys: in Node 20 an object spread and then given keys its source
  // lacks is slow to build and stays slow to read (formatting it took ~2 µs instead of ~0.3).
  const upstream: NeutralRequest = Object.assign({}, request, { model: target.model });
  if (request.stream) upstream.streamUsage = true;
  if (target.promptCacheTtl !== undefined && request.promptCache) upstream.promptCache = { conversation: request.promptCache.conversation, ttl: target.promptCacheTtl };
  if (cut) upstream.maxOutputTokens = cut.maxOutputTokens;
  // Whose API this is decides the rules below that only one vendor's API has: worked out once per request.
  const vendor = vendorOf(target);
  leaveOutForeignBillingBlock(target, vendor, upstream);
  const formatted = codec.formatRequest(upstream);
  if (cut) formatted.warnings.unshift(cut.warning);
  const body = target.options ? mergeUnder(target.options, formatted.body) : formatted.body;
  if (target.api === 'anthropic' && target.options?.thinking !== undefined) {
    // Thinking the model's options turn on meets the same rules as thinking the caller asked for.
    dropThinkingAnthropicWouldRefuse(body, formatted.warnings);
    dropSamplingThinkingRefuses(body, formatted.warnings);
  }
  leaveOutGoogleSignatures(target, vendor, body, formatted.warnings);
  leaveOutOpenRouterDetails(target, vendor, body, formatted.warnings);
  leaveOutReasoningControls(target, body, formatted.warnings);
  fillReasoningContent(target, vendor, body, formatted.warnings);
  fitMoonshotThinking(target, vendor, body, formatted.warnings);
  leaveOutRefusedReasoningContent(target, vendor, body, formatted.warnings);
  markDeepSeekPrefix(target, vendor, request, body);
  if (isOpenAIUpstream(target, vendor)) {
    // OpenAI's own API has rules other OpenAI-compatible servers do not share.
    if (target.api === 'openai-chat') useOpenAITokenField(body);
    fitOpenAIReasoningControls(target, body, formatted.warnings);
    useOpenAIPromptCacheKey(upstream, body);
  }
  const headers: Record<string, string> = { 'content-type': 'application/json', ...authHeaders(target.api, target.apiKey), ...target.headers };
  // Anthropic's hour-long cache marks came as a beta; the value goes with them.
  if (target.api === 'anthropic' && upstream.promptCache?.ttl === '1h') addAnthropicBeta(headers, 'extended-cache-ttl-2025-04-11');
  return {
    url: target.baseURL.replace(/\/+$/, '') + formatted.path,
    headers,
    body: JSON.stringify(body),
    warnings: formatted.warnings,
  };
}

function isOpenAIUpstream(target: ModelTarget, vendor: Vendor): target is ModelTarget & { api: 'openai-chat' | 'openai-responses' } {
  return (target.api === 'openai-chat' || target.api === 'openai-responses') && vendor === 'openai';
}

/** An output budget over what the target may write is cut to it, with a warning saying so. */
function outputCut(request: NeutralRequest, target: ModelTarget): { maxOutputTokens: number; warning: Warning } | undefined {
  const limit = target.maxOutputTokens;
  if (limit === undefined || request.maxOutputTokens === undefined || request.maxOutputTokens <= limit) return undefined;
  return {
    maxOutputTokens: limit,
    warning: { code: 'clamped', path: 'maxOutputTokens', message: `output budget ${request.maxOutputTokens} cut to ${limit}, what ${target.alias} can write here` },
  };
}

function addAnthropicBeta(headers: Record<string, string>, beta: string): void {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'anthropic-beta') ?? 'anthropic-beta';
  const values = (headers[name] ?? '').split(',').map((value) => value.trim()).filter(Boolean);
  if (!values.includes(beta)) values.push(beta);
  headers[name] = values.join(',');
}

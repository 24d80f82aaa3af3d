import { dropSamplingThinkingRefuses, dropThinkingAnthropicWouldRefuse, type Codec, type NeutralRequest, type Warning } from '@bench/formats';
import { authHeaders } from './auth-headers';
import { leaveOutReasoningControls } from './reasoning-capability';
import { mergeUnder } from './merge-under';
import type { ModelTarget } from './model-target';
import { vendorOf } from './vendors/vendor-of';
import { planOf } from './vendors/vendor-plan';

export interface BuiltRequest {
  url: string;
  /** The codec's path under the base URL, and the body before it was written as text (for a call derived from it, such as a token count). */
  path: string;
  payload: Record<string, unknown>;
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
  if (target.promptCacheTtl !== undefined && request.promptCache)
    upstream.promptCache = { conversation: request.promptCache.conversation, ttl: target.promptCacheTtl };
  if (cut) upstream.maxOutputTokens = cut.maxOutputTokens;
  // Whose API this is decides the rules below that only one vendor's API has (see vendors/registry.ts): worked out
  // once per base URL, its plan once per vendor. Indexed loops: nothing is allocated per request.
  const vendor = vendorOf(target);
  const plan = planOf(vendor);
  for (let i = 0; i < plan.before.length; i++) plan.before[i]!(target, vendor, upstream);
  const formatted = codec.formatRequest(upstream);
  if (cut) formatted.warnings.unshift(cut.warning);
  const body = target.options ? mergeUnder(target.options, formatted.body) : formatted.body;
  const warnings = formatted.warnings;
  // The protocol's rules, then other vendors' fields left out, then the model's own settings, then the vendor's rules.
  if (target.api === 'anthropic' && target.options?.thinking !== undefined) {
    // Thinking the model's options turn on meets the same rules as thinking the caller asked for.
    dropThinkingAnthropicWouldRefuse(body, warnings);
    dropSamplingThinkingRefuses(body, warnings);
  }
  for (let i = 0; i < plan.foreign.length; i++) plan.foreign[i]!(target, vendor, body, warnings, upstream);
  leaveOutReasoningControls(target, body, warnings);
  for (let i = 0; i < plan.own.length; i++) plan.own[i]!(target, vendor, body, warnings, upstream);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...authHeaders(target.api, target.apiKey), ...target.headers };
  // Anthropic's hour-long cache marks came as a beta; the value goes with them.
  if (target.api === 'anthropic' && upstream.promptCache?.ttl === '1h') addAnthropicBeta(headers, 'extended-cache-ttl-2025-04-11');
  return {
    url: target.baseURL.replace(/\/+$/, '') + formatted.path,
    path: formatted.path,
    payload: body,
    headers,
    body: JSON.stringify(body),
    warnings,
  };
}

/** An output budget over what the target may write is cut to it, with a warning saying so. */
function outputCut(request: NeutralRequest, target: ModelTarget): { maxOutputTokens: number; warning: Warning } | undefined {
  const limit = target.maxOutputTokens;
  if (limit === undefined || request.maxOutputTokens === undefined || request.maxOutputTokens <= limit) return undefined;
  return {
    maxOutputTokens: limit,
    warning: {
      code: 'clamped',
      path: 'maxOutputTokens',
      message: `output budget ${request.maxOutputTokens} cut to ${limit}, what ${target.alias} can write here`,
    },
  };
}

function addAnthropicBeta(headers: Record<string, string>, beta: string): void {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'anthropic-beta') ?? 'anthropic-beta';
  const values = (headers[name] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!values.includes(beta)) values.push(beta);
  headers[name] = values.join(',');
}

import { getCodec, parseAnthropicCountTokensRequest, safeParseJSON, type NeutralRequest } from '@bench/formats';
import type { UpstreamRoute } from './upstream-route';

export interface DescribedRequest {
  body: unknown;
  model: string;
  stream: boolean;
  neutral?: NeutralRequest;
  parseError?: string;
}

const field = (body: unknown, name: string): unknown => (typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined);

/** Reads an upstream request through its codec (neutral form), falling back to the raw fields. */
export function describeRequest(route: UpstreamRoute, text: string): DescribedRequest {
  const parsed = safeParseJSON(text);
  if (!parsed.success) return { body: text, model: route.urlModel ?? '', stream: false, parseError: `body is not JSON: ${parsed.error.message}` };
  const body = parsed.value;
  const rawModel = route.urlModel ?? field(body, 'model');
  const rawStream = route.urlStream ?? field(body, 'stream') ?? route.api === 'ollama';
  const fallback = { body, model: typeof rawModel === 'string' ? rawModel : '', stream: rawStream === true };
  try {
    if (route.count) {
      const neutral = countedRequest(route, body);
      return { body, model: neutral.model || fallback.model, stream: false, neutral };
    }
    const neutral = getCodec(route.api).parseRequest(body, {
      ...(route.urlModel !== undefined ? { model: route.urlModel } : {}),
      ...(route.urlStream !== undefined ? { stream: route.urlStream } : {}),
    });
    return { body, model: neutral.model || fallback.model, stream: neutral.stream, neutral };
  } catch (error) {
    return { ...fallback, parseError: error instanceof Error ? error.message : String(error) };
  }
}

/** A count call's body as the generate request it counts (Anthropic's lacks max_tokens; Gemini's wraps it). */
function countedRequest(route: UpstreamRoute, body: unknown): NeutralRequest {
  if (route.api === 'anthropic') return parseAnthropicCountTokensRequest(body);
  const inner = route.api === 'gemini' ? (field(body, 'generateContentRequest') ?? body) : body;
  const { model: _model, ...generate } = (inner ?? {}) as Record<string, unknown>;
  return getCodec(route.api).parseRequest(route.api === 'gemini' ? generate : inner, route.urlModel !== undefined ? { model: route.urlModel } : {});
}

import type { Codec, NeutralRequest, Warning } from '@bench/formats';
import { authHeaders } from './auth-headers';
import { mergeUnder } from './merge-under';
import type { ModelTarget } from './model-target';

export interface BuiltRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  warnings: Warning[];
}

/** The HTTP request for one target: the codec's path and body, the model's options under it, auth headers. */
export function buildUpstreamRequest(codec: Codec, target: ModelTarget, request: NeutralRequest): BuiltRequest {
  // Usage is always asked for upstream: the ledger needs it whatever the caller wanted.
  const upstream: NeutralRequest = { ...request, model: target.model, ...(request.stream ? { streamUsage: true } : {}) };
  const formatted = codec.formatRequest(upstream);
  const body = target.options ? mergeUnder(target.options, formatted.body) : formatted.body;
  return {
    url: target.baseURL.replace(/\/+$/, '') + formatted.path,
    headers: { 'content-type': 'application/json', ...authHeaders(target.api, target.apiKey), ...target.headers },
    body: JSON.stringify(body),
    warnings: formatted.warnings,
  };
}

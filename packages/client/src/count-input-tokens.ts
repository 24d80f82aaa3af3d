import { request as undiciRequest, type Dispatcher } from 'undici';
import { getCodec, safeParseJSON, type NeutralRequest } from '@bench/formats';
import { buildUpstreamRequest } from './build-upstream-request';
import { classifyHttpError } from './classify-http-error';
import { ConnectionError } from './errors/connection-error';
import { ServerError } from './errors/server-error';
import { flattenHeaders } from './flatten-headers';
import type { ModelTarget } from './model-target';

export interface CountOptions {
  signal?: AbortSignal;
  /** How long the count may take (default 10 s). */
  timeoutMs?: number;
}

const DEFAULT_COUNT_TIMEOUT_MS = 10_000;

/**
 * The target's own count of a request's input tokens, from its provider's
 * count API (Anthropic's count_tokens, Gemini's countTokens, Responses'
 * input_tokens) on the request as the target would receive it; undefined
 * where its protocol has no count API. A failure is the target's ClientError.
 */
export async function countInputTokens(
  dispatcher: Dispatcher,
  target: ModelTarget,
  request: NeutralRequest,
  options: CountOptions = {},
): Promise<number | undefined> {
  const codec = getCodec(target.api);
  const count = codec.wire.tokenCount;
  if (!count) return undefined;
  const built = buildUpstreamRequest(codec, target, { ...request, stream: false });
  const call = count.request({ path: built.path, body: built.payload, warnings: [] });
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs ?? DEFAULT_COUNT_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])]);
  const alias = target.alias;
  let response: Dispatcher.ResponseData;
  try {
    response = await undiciRequest(target.baseURL.replace(/\/+$/, '') + call.path, {
      method: 'POST',
      headers: built.headers,
      body: JSON.stringify(call.body),
      dispatcher,
      signal,
    });
  } catch (error) {
    throw new ConnectionError({ alias, beforeAnyByte: true, message: `${alias}: the token count failed (${(error as Error).message})`, cause: error });
  }
  const text = await response.body.text();
  if (response.statusCode < 200 || response.statusCode >= 300) {
    throw classifyHttpError({ codec, alias, status: response.statusCode, headers: flattenHeaders(response.headers), body: text, now: Date.now() });
  }
  const parsed = safeParseJSON(text);
  const tokens = parsed.success ? count.read(parsed.value) : undefined;
  if (tokens === undefined) throw new ServerError({ alias, status: response.statusCode, body: text, message: `${alias}: the token count's reply is not one` });
  return tokens;
}

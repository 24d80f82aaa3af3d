import type { ErrorKind, NeutralError } from '../neutral/neutral-error';
import { statusOfError } from '../neutral/neutral-error';
import { classifyError } from '../shared/classify-error';
import { safeParseJSON } from '../shared/safe-parse-json';
import { errorBodySchema } from './openai-chat-api';

const TYPE_BY_KIND: Record<ErrorKind, { type: string; code: string | null }> = {
  'invalid-request': { type: 'invalid_request_error', code: null },
  authentication: { type: 'authentication_error', code: 'invalid_api_key' },
  permission: { type: 'permission_error', code: null },
  'not-found': { type: 'not_found_error', code: null },
  'request-too-large': { type: 'invalid_request_error', code: 'request_too_large' },
  'context-length': { type: 'invalid_request_error', code: 'context_length_exceeded' },
  'content-policy': { type: 'invalid_request_error', code: 'content_policy_violation' },
  'rate-limit': { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
  overloaded: { type: 'server_error', code: 'overloaded' },
  timeout: { type: 'server_error', code: 'timeout' },
  upstream: { type: 'server_error', code: null },
  unavailable: { type: 'server_error', code: 'service_unavailable' },
  internal: { type: 'server_error', code: null },
};

/** The `error` object of OpenAI's error body and in-stream error event. */
export function openAIErrorObject(error: NeutralError): { message: string; type: string; param: string | null; code: string | null } {
  const mapped = TYPE_BY_KIND[error.kind];
  return { message: error.message, type: mapped.type, param: error.param ?? null, code: error.code ?? mapped.code };
}

export function formatOpenAIChatError(error: NeutralError): { status: number; body: Record<string, unknown> } {
  return { status: statusOfError(error), body: { error: openAIErrorObject(error) } };
}

const STATUS_BY_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  rate_limit_error: 429,
  insufficient_quota: 429,
  server_error: 500,
};

/** The `error` value of an OpenAI error body (or in-stream error event) → neutral; `status` 0 when unknown (in a stream). */
export function neutralFromErrorValue(status: number, value: unknown): NeutralError | undefined {
  const parsed = errorBodySchema.safeParse({ error: value });
  if (!parsed.success) return undefined;
  const error = parsed.data.error;
  if (typeof error === 'string') return classifyError(status || 500, { message: error });
  const code = error.code === null || error.code === undefined ? undefined : String(error.code);
  const type = error.type ?? undefined;
  const known = status || (type && STATUS_BY_TYPE[type]) || (code === 'context_length_exceeded' ? 400 : 500);
  const neutral = classifyError(known, { message: error.message ?? undefined, code, type });
  return error.param ? { ...neutral, param: error.param } : neutral;
}

/** An upstream's error response → neutral, whatever its body (JSON in OpenAI's shape, other JSON, plain text). */
export function parseOpenAIChatError(status: number, body: string): NeutralError {
  const json = safeParseJSON(body);
  if (json.success && typeof json.value === 'object' && json.value !== null) {
    const value = json.value as Record<string, unknown>;
    const fromError = 'error' in value ? neutralFromErrorValue(status, value.error) : undefined;
    if (fromError) return fromError;
    if (typeof value.message === 'string') return classifyError(status, { message: value.message });
  }
  const text = body.trim();
  return classifyError(status, { message: text ? text.slice(0, 500) : undefined });
}

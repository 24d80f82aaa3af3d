import type { ErrorKind, NeutralError } from '../neutral/neutral-error';
import { statusOfError } from '../neutral/neutral-error';
import { classifyError } from '../shared/classify-error';
import { safeParseJSON } from '../shared/safe-parse-json';
import { isRecord } from './extra-fields';

/** OpenAI's error `type` for each kind (its `code` goes beside it when the error has one). */
const TYPE_BY_KIND: Record<ErrorKind, string> = {
  'invalid-request': 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  'not-found': 'not_found_error',
  'request-too-large': 'invalid_request_error',
  'context-length': 'invalid_request_error',
  'content-policy': 'invalid_request_error',
  'rate-limit': 'rate_limit_error',
  overloaded: 'server_error',
  timeout: 'timeout_error',
  upstream: 'server_error',
  unavailable: 'server_error',
  internal: 'server_error',
};

/** The `code` an error carries on the wire when it brought none of its own. */
const CODE_BY_KIND: Partial<Record<ErrorKind, string>> = {
  'context-length': 'context_length_exceeded',
  'content-policy': 'content_policy_violation',
  'rate-limit': 'rate_limit_exceeded',
  overloaded: 'server_is_overloaded',
  'request-too-large': 'request_too_large',
};

export function errorType(error: NeutralError): string {
  return TYPE_BY_KIND[error.kind];
}

export function errorCode(error: NeutralError): string | null {
  return error.code ?? CODE_BY_KIND[error.kind] ?? null;
}

/** `{"error": {"message","type","param","code"}}` with the error's HTTP status. */
export function formatOpenAIResponsesError(error: NeutralError): { status: number; body: Record<string, unknown> } {
  return {
    status: statusOfError(error),
    body: { error: { message: error.message, type: errorType(error), param: error.param ?? null, code: errorCode(error) } },
  };
}

/** An upstream's error response → neutral error (JSON error bodies and plain text alike). */
export function parseOpenAIResponsesError(status: number, body: string): NeutralError {
  const parsed = safeParseJSON(body);
  const wire = parsed.success && isRecord(parsed.value) ? (isRecord(parsed.value.error) ? parsed.value.error : parsed.value) : undefined;
  if (!wire) return classifyError(status, { message: body.trim().slice(0, 1000) || undefined });
  const error = classifyError(status, { message: stringOf(wire.message), code: stringOf(wire.code), type: stringOf(wire.type) });
  const param = stringOf(wire.param);
  return param ? { ...error, param } : error;
}

/** The status an in-stream error's code stands for, so it classifies like the same error in a response. */
export function statusOfErrorCode(code: string | undefined): number {
  if (!code) return 500;
  if (/rate_limit|quota/.test(code)) return 429;
  if (/context_length|invalid|content_policy|content_filter|too_large/.test(code)) return 400;
  if (/overloaded/.test(code)) return 529;
  if (/unavailable/.test(code)) return 503;
  if (/timeout/.test(code)) return 504;
  return 500;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

import type { ErrorKind, NeutralError } from '../neutral/neutral-error';
import { statusOfError } from '../neutral/neutral-error';
import { classifyError } from '../shared/classify-error';
import { safeParseJSON } from '../shared/safe-parse-json';
import { errorBodySchema } from './anthropic-api';

export type AnthropicErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'request_too_large'
  | 'rate_limit_error'
  | 'api_error'
  | 'overloaded_error';

const TYPE_BY_KIND: Record<ErrorKind, AnthropicErrorType> = {
  'invalid-request': 'invalid_request_error',
  'context-length': 'invalid_request_error',
  'content-policy': 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  'not-found': 'not_found_error',
  'request-too-large': 'request_too_large',
  'rate-limit': 'rate_limit_error',
  overloaded: 'overloaded_error',
  timeout: 'api_error',
  upstream: 'api_error',
  unavailable: 'api_error',
  internal: 'api_error',
};

/** The status Anthropic answers each error type with (for in-stream errors, which carry no status). */
const STATUS_BY_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

export function anthropicErrorBody(error: NeutralError): { type: 'error'; error: { type: AnthropicErrorType; message: string } } {
  return { type: 'error', error: { type: TYPE_BY_KIND[error.kind], message: error.message } };
}

/** A neutral error → Anthropic's error body and HTTP status (529 for overloaded). */
export function formatAnthropicError(error: NeutralError): { status: number; body: Record<string, unknown> } {
  return { status: statusOfError(error), body: anthropicErrorBody(error) };
}

/** An upstream's error response (any body text, JSON or not) → neutral error. */
export function parseAnthropicError(status: number, body: string): NeutralError {
  const json = safeParseJSON(body);
  const parsed = json.success ? errorBodySchema.safeParse(json.value) : undefined;
  if (parsed?.success) {
    const said: { type?: string; message?: string } = {};
    if (parsed.data.error.type) said.type = parsed.data.error.type;
    if (parsed.data.error.message) said.message = parsed.data.error.message;
    return classifyError(status, said);
  }
  const text = body.trim().slice(0, 500);
  return classifyError(status, text ? { message: text } : {});
}

/** An in-stream `error` event's error object → neutral error, with the status its type stands for. */
export function streamErrorFromAnthropic(type: string | null | undefined, message: string | null | undefined): NeutralError {
  const status = (type && STATUS_BY_TYPE[type]) || 500;
  const said: { type?: string; message?: string } = {};
  if (type) said.type = type;
  if (message) said.message = message;
  return classifyError(status, said);
}

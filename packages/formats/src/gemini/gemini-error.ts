import type { ErrorKind, NeutralError } from '../neutral/neutral-error';
import { statusOfError } from '../neutral/neutral-error';
import { classifyError } from '../shared/classify-error';
import { safeParseJSON } from '../shared/safe-parse-json';

const STATUS_BY_KIND: Record<ErrorKind, string> = {
  'invalid-request': 'INVALID_ARGUMENT',
  authentication: 'UNAUTHENTICATED',
  permission: 'PERMISSION_DENIED',
  'not-found': 'NOT_FOUND',
  'request-too-large': 'INVALID_ARGUMENT',
  'context-length': 'INVALID_ARGUMENT',
  'content-policy': 'INVALID_ARGUMENT',
  'rate-limit': 'RESOURCE_EXHAUSTED',
  overloaded: 'UNAVAILABLE',
  timeout: 'DEADLINE_EXCEEDED',
  upstream: 'INTERNAL',
  unavailable: 'UNAVAILABLE',
  internal: 'INTERNAL',
};

/** The HTTP status Gemini clients expect: Google says "overloaded" with 503, never 529. */
export function geminiStatusOf(error: NeutralError): number {
  if (error.kind === 'overloaded' && error.status === undefined) return 503;
  return statusOfError(error);
}

/** The `error` object of a Gemini error body (also used in-stream). */
export function geminiErrorObject(error: NeutralError): Record<string, unknown> {
  const body: Record<string, unknown> = {
    code: geminiStatusOf(error),
    message: error.message,
    status: STATUS_BY_KIND[error.kind],
  };
  if (error.param) {
    body.details = [
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: [{ field: error.param, description: error.message }],
      },
    ];
  }
  return body;
}

export function formatGeminiError(error: NeutralError): { status: number; body: Record<string, unknown> } {
  return { status: geminiStatusOf(error), body: { error: geminiErrorObject(error) } };
}

/** A Gemini error body (`{error:{code,message,status}}`, also wrapped in an array) or any text → neutral. */
export function parseGeminiError(status: number, body: string): NeutralError {
  const parsed = safeParseJSON(body);
  const value = parsed.success ? (Array.isArray(parsed.value) ? parsed.value[0] : parsed.value) : undefined;
  const error = isRecord(value) && isRecord(value.error) ? value.error : undefined;
  if (!error) return classifyError(status, { message: body.trim().slice(0, 500) || undefined });
  const said: { message?: string; code?: string } = {};
  if (typeof error.message === 'string') said.message = error.message;
  if (typeof error.status === 'string') said.code = error.status;
  return classifyError(status, said);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

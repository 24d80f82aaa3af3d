import { statusOfError, type NeutralError } from '../neutral/neutral-error';
import { classifyError } from '../shared/classify-error';
import { safeParseJSON } from '../shared/safe-parse-json';

/** Ollama's error body: `{"error": "message"}` with the HTTP status. */
export function formatOllamaError(error: NeutralError): { status: number; body: Record<string, unknown> } {
  return { status: statusOfError(error), body: { error: error.message } };
}

/** An Ollama error response (JSON or not) → a neutral error. */
export function parseOllamaError(status: number, body: string): NeutralError {
  return classifyError(status, { message: ollamaErrorMessage(body) });
}

/** The message of an Ollama error body, or the trimmed text when it is not one. */
export function ollamaErrorMessage(body: string): string | undefined {
  const parsed = safeParseJSON(body);
  if (parsed.success && typeof parsed.value === 'object' && parsed.value !== null) {
    const error = (parsed.value as { error?: unknown }).error;
    if (typeof error === 'string') return error;
    if (typeof error === 'object' && error !== null) {
      const message = (error as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    }
  }
  const text = body.trim();
  return text === '' ? undefined : text.slice(0, 1000);
}

import { safeParseJSON } from '../shared/safe-parse-json';

/** Ollama's tool-call arguments are an object; neutral keeps them as JSON text. */
export function argumentsToJSON(value: unknown): string {
  if (value === undefined || value === null) return '{}';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** JSON text → the object Ollama wants, or undefined when the text is not a JSON object. */
export function argumentsToObject(text: string): Record<string, unknown> | undefined {
  const parsed = safeParseJSON(text.trim() === '' ? '{}' : text);
  if (!parsed.success) return undefined;
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return value as Record<string, unknown>;
}

import { safeParseJSON } from '@bench/formats';

/**
 * The shape a shaper answered, if it named one of the set: read trimmed and
 * case-insensitively, quotes and a final full stop aside, or as a JSON
 * `{"shape": "…"}`. Anything else is no answer (the prompt is then `general`).
 */
export function readShapeAnswer(text: string, shapes: readonly string[]): string | undefined {
  const trimmed = text.trim();
  const parsed = trimmed.startsWith('{') ? safeParseJSON(trimmed) : undefined;
  const named = parsed?.success && typeof (parsed.value as { shape?: unknown })?.shape === 'string' ? (parsed.value as { shape: string }).shape : trimmed;
  const word = named
    .trim()
    .replace(/^["'`]+|["'`.]+$/g, '')
    .toLowerCase();
  return shapes.find((shape) => shape.toLowerCase() === word);
}

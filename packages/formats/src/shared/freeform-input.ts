import type { JSONSchema } from '../neutral/request';
import { safeParseJSON } from './safe-parse-json';

/** The input schema of a freeform tool as a JSON tool (see `ToolDefinition.freeform`): one string, `input`. */
export function freeformInputSchema(): JSONSchema {
  return { type: 'object', properties: { input: { type: 'string', description: 'The raw text the tool takes (not JSON).' } }, required: ['input'] };
}

/** A freeform call's text as the neutral arguments: `{"input": <text>}`. */
export function freeformArguments(text: string): string {
  return JSON.stringify({ input: text });
}

/**
 * The text of a freeform call from its neutral arguments: `input` as the
 * schema asks; a model that named its one string otherwise (`{"patch": …}`)
 * or wrote the text itself instead of JSON still gets its text through.
 */
export function freeformText(args: string): string {
  const parsed = safeParseJSON(args);
  if (!parsed.success) return args;
  const value = parsed.value;
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return args;
  const record = value as Record<string, unknown>;
  if (typeof record.input === 'string') return record.input;
  const strings = Object.values(record).filter((entry): entry is string => typeof entry === 'string');
  return strings.length === 1 && Object.keys(record).length === 1 ? strings[0]! : args;
}

/** A piece of a freeform call's text as a piece of its neutral arguments (inside the JSON string). */
export function freeformArgumentsPiece(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** How a freeform call's neutral arguments open and close around the pieces of its text. */
export const FREEFORM_ARGUMENTS_OPEN = '{"input":"';
export const FREEFORM_ARGUMENTS_CLOSE = '"}';

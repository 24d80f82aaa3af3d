import type { Warning } from '../neutral/warning';
import { safeParseJSON } from './safe-parse-json';

/**
 * A tool call's arguments as the object a reply to a client carries
 * (Anthropic's `input`, Gemini's `args`, Ollama's `arguments`). A model's
 * arguments that are not a JSON object are its answer, not the caller's
 * mistake: they go as `{"arguments": <text>}`, with a warning, never lost.
 */
export function replyToolInput(args: string, path: string, warnings?: Warning[]): Record<string, unknown> {
  if (args.trim() === '') return {};
  const parsed = safeParseJSON(args);
  const value = parsed.success ? parsed.value : undefined;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  warnings?.push({ code: 'converted', path: `${path}.arguments`, message: 'tool-call arguments are not a JSON object; sent as {"arguments": <text>}' });
  return { arguments: args };
}

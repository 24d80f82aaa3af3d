import type { Extra, ToolResultPart } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { safeParseJSON } from '../shared/safe-parse-json';
import { isRecord } from './gemini-extra';

/**
 * Gemini `functionResponse.response` (an object) → a neutral tool result with
 * one text part: `{output: "…"}` and `{error: "…"}` are unwrapped, any other
 * object is written as JSON text. `$response` says which, for the way back.
 */
export function toolResultFromResponse(callId: string, name: string, response: Record<string, unknown>, extra: Extra): ToolResultPart {
  const keys = Object.keys(response);
  const only = keys.length === 1 ? keys[0] : undefined;
  const part: ToolResultPart = { type: 'tool-result', callId, name, content: [] };
  if (only === 'output' && typeof response.output === 'string') {
    extra.$response = 'output';
    part.content.push({ type: 'text', text: response.output });
  } else if (only === 'error' && typeof response.error === 'string') {
    extra.$response = 'error';
    part.content.push({ type: 'text', text: response.error });
  } else {
    extra.$response = 'json';
    part.content.push({ type: 'text', text: JSON.stringify(response) });
  }
  if ('error' in response) part.isError = true;
  return part;
}

/**
 * A neutral tool result → Gemini `response`: by its `$response` hint when it
 * came from Gemini; otherwise a JSON-object text as that object, other text
 * wrapped as `{"output": …}`, and an error as `{"error": …}`.
 */
export function responseFromToolResult(part: ToolResultPart, path: string, warnings: Warning[]): Record<string, unknown> {
  let text = '';
  part.content.forEach((inner, i) => {
    if (inner.type === 'text') text += inner.text;
    else {
      const what = inner.type === 'image' ? 'an image' : 'a file';
      warnings.push({
        code: 'converted',
        path: `${path}.content[${i}]`,
        message: `${what} in a tool result is sent as a part of its own after the functionResponse`,
      });
    }
  });
  const hint = part.extra?.$response;
  if (hint === 'output') return { output: text };
  if (hint === 'error') return { error: text };
  const parsed = safeParseJSON(text);
  const object = parsed.success && isRecord(parsed.value) ? parsed.value : undefined;
  if (hint === 'json' && object) return object;
  if (part.isError) return { error: object ?? text };
  return object ?? { output: text };
}

import type { FinishReason } from '../neutral/finish-reason';

const CONTENT_FILTER = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);
const ERROR = new Set(['MALFORMED_FUNCTION_CALL', 'UNEXPECTED_TOOL_CALL', 'TOO_MANY_TOOL_CALLS', 'MISSING_THOUGHT_SIGNATURE']);

/** Gemini finishReason → neutral; a STOP that carried function calls is `tool-calls`. */
export function mapGeminiFinishReason(raw: string | null | undefined, hadToolCalls: boolean): FinishReason {
  if (raw === 'STOP') return hadToolCalls ? 'tool-calls' : 'stop';
  if (raw === 'MAX_TOKENS') return 'length';
  if (raw && CONTENT_FILTER.has(raw)) return 'content-filter';
  if (raw && ERROR.has(raw)) return 'error';
  return 'other';
}

/** Neutral → Gemini finishReason; keeps the provider's own reason when it means the same. */
export function toGeminiFinishReason(reason: FinishReason, raw?: string): string {
  if (raw && /^[A-Z_]+$/.test(raw) && mapGeminiFinishReason(raw, reason === 'tool-calls') === reason) return raw;
  switch (reason) {
    case 'stop':
    case 'tool-calls':
      return 'STOP';
    case 'length':
      return 'MAX_TOKENS';
    case 'content-filter':
      return 'SAFETY';
    case 'error':
    case 'other':
      return 'OTHER';
    default: {
      const unreachable: never = reason;
      return unreachable;
    }
  }
}

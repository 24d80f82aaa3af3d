import type { FinishReason } from '../neutral/finish-reason';

export type OpenAIChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

export function parseOpenAIChatFinishReason(raw: string | null | undefined): FinishReason {
  switch (raw) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'content_filter':
      return 'content-filter';
    default:
      return 'other';
  }
}

/** The wire reason: the raw one when it is OpenAI's and means the same, else the closest. */
export function formatOpenAIChatFinishReason(reason: FinishReason, raw?: string): OpenAIChatFinishReason {
  if (raw === 'function_call' && reason === 'tool-calls') return 'function_call';
  switch (reason) {
    case 'stop':
    case 'error':
    case 'other':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool-calls':
      return 'tool_calls';
    case 'content-filter':
      return 'content_filter';
    default: {
      const unreachable: never = reason;
      return unreachable;
    }
  }
}

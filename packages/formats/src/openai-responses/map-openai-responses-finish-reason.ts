import type { FinishReason } from '../neutral/finish-reason';

/** A response's status (and incomplete reason) → neutral finish reason; completed with function calls → tool-calls. */
export function mapOpenAIResponsesFinishReason(
  status: string | null | undefined,
  incompleteReason: string | null | undefined,
  hasToolCalls: boolean,
): FinishReason {
  switch (status) {
    case 'completed':
    case null:
    case undefined:
      return hasToolCalls ? 'tool-calls' : 'stop';
    case 'incomplete':
      if (incompleteReason === 'max_output_tokens') return 'length';
      if (incompleteReason === 'content_filter') return 'content-filter';
      return 'other';
    case 'failed':
      return 'error';
    default:
      return 'other';
  }
}

export interface WireStatus {
  status: 'completed' | 'incomplete' | 'failed';
  incompleteReason?: 'max_output_tokens' | 'content_filter';
}

/** A neutral finish reason → the response's status and incomplete reason. */
export function statusOfFinishReason(reason: FinishReason): WireStatus {
  switch (reason) {
    case 'stop':
    case 'tool-calls':
    case 'other':
      return { status: 'completed' };
    case 'length':
      return { status: 'incomplete', incompleteReason: 'max_output_tokens' };
    case 'content-filter':
      return { status: 'incomplete', incompleteReason: 'content_filter' };
    case 'error':
      return { status: 'failed' };
    default: {
      const unreachable: never = reason;
      return unreachable;
    }
  }
}

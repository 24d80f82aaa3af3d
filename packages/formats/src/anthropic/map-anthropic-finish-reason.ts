import type { FinishReason } from '../neutral/finish-reason';
import { STOP_REASONS, type AnthropicStopReason } from './anthropic-api';

/** Anthropic stop_reason → neutral finish reason. */
export function finishReasonFromAnthropic(stopReason: string | null | undefined): FinishReason {
  switch (stopReason) {
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool-calls';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}

/** Neutral finish reason → Anthropic stop_reason; the provider's own reason wins when it is an Anthropic one. */
export function finishReasonToAnthropic(reason: FinishReason, rawReason?: string): AnthropicStopReason {
  if (rawReason !== undefined && (STOP_REASONS as ReadonlyArray<string>).includes(rawReason)) return rawReason as AnthropicStopReason;
  switch (reason) {
    case 'stop':
    case 'error':
    case 'other':
      return 'end_turn';
    case 'length':
      return 'max_tokens';
    case 'tool-calls':
      return 'tool_use';
    case 'content-filter':
      return 'refusal';
    default: {
      const unreachable: never = reason;
      return unreachable;
    }
  }
}

/**
 * Neutral finish → Anthropic's `stop_reason` and `stop_sequence`. A known stop
 * sequence on a plain stop is `stop_sequence` with the matched string, whoever
 * the provider was; otherwise `stop_sequence` is null.
 */
export function stopToAnthropic(
  reason: FinishReason,
  rawReason?: string,
  stopSequence?: string,
): { stop_reason: AnthropicStopReason; stop_sequence: string | null } {
  if (stopSequence !== undefined && reason === 'stop') return { stop_reason: 'stop_sequence', stop_sequence: stopSequence };
  return { stop_reason: finishReasonToAnthropic(reason, rawReason), stop_sequence: null };
}

import type { FinishReason } from '../neutral/finish-reason';

/** Ollama's done_reason (and whether tool calls came) → the neutral finish reason. */
export function mapOllamaFinishReason(doneReason: string | null | undefined, sawToolCalls: boolean): FinishReason {
  if (sawToolCalls) return 'tool-calls';
  switch (doneReason) {
    case undefined:
    case null:
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    default:
      return 'other';
  }
}

const OLLAMA_DONE_REASONS = new Set(['stop', 'length', 'load', 'unload']);

/** The neutral finish reason → Ollama's done_reason (Ollama says "stop" after tool calls too). */
export function toOllamaDoneReason(reason: FinishReason, raw: string | undefined): string {
  if (raw !== undefined && OLLAMA_DONE_REASONS.has(raw)) return raw;
  return reason === 'length' ? 'length' : 'stop';
}

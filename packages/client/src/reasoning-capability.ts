import { getCodec, type Protocol, type Warning } from '@bench/formats';
import type { ModelTarget } from './model-target';

type Wire = Record<string, unknown>;

/**
 * A model configured not to reason (`reasoning: false`) gets no reasoning
 * controls, whoever asked for them: Claude Code asks for thinking with every
 * turn, Gemini CLI for a thinking config, Codex for an effort, and a model
 * without reasoning refuses them with a 400 (Ollama: "does not support
 * thinking"), which fails the whole turn. What was left out is a warning.
 */
export function leaveOutReasoningControls(target: ModelTarget, body: Wire, warnings: Warning[]): void {
  if (target.reasoning !== false) return;
  const left = takeOutReasoningControls(target.api, body);
  if (left.length > 0) {
    warnings.push({ code: 'dropped', path: 'reasoning', message: `${left.join(', ')} left out: ${target.alias} does not reason (reasoning: false)` });
  }
}

/** Takes every reasoning control out of a body of the protocol (each codec knows its own); what was taken, by name. */
export function takeOutReasoningControls(api: Protocol, body: Wire): string[] {
  return getCodec(api).wire.takeOutReasoningControls(body);
}

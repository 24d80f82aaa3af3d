import type { Protocol, Warning } from '@bench/formats';
import type { ModelTarget } from './model-target';

type Wire = Record<string, unknown>;

const isRecord = (value: unknown): value is Wire => typeof value === 'object' && value !== null && !Array.isArray(value);

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

/** Takes every reasoning control out of a body of the protocol; what was taken, by name. */
export function takeOutReasoningControls(api: Protocol, body: Wire): string[] {
  const left: string[] = [];
  const drop = (node: Wire, key: string, name: string) => {
    if (node[key] === undefined) return;
    delete node[key];
    left.push(name);
  };
  switch (api) {
    case 'openai-chat':
      drop(body, 'reasoning_effort', 'reasoning_effort');
      break;
    case 'openai-responses':
      drop(body, 'reasoning', 'reasoning');
      // Codex asks for its reasoning back encrypted (store: false); a model without reasoning refuses that include.
      if (Array.isArray(body.include) && body.include.includes('reasoning.encrypted_content')) {
        const rest = body.include.filter((item) => item !== 'reasoning.encrypted_content');
        if (rest.length > 0) body.include = rest;
        else delete body.include;
        left.push('include reasoning.encrypted_content');
      }
      break;
    case 'anthropic':
      drop(body, 'thinking', 'thinking');
      if (isRecord(body.output_config)) {
        drop(body.output_config, 'effort', 'output_config.effort');
        if (Object.keys(body.output_config).length === 0) delete body.output_config;
      }
      break;
    case 'gemini':
      if (isRecord(body.generationConfig)) drop(body.generationConfig, 'thinkingConfig', 'generationConfig.thinkingConfig');
      break;
    case 'ollama':
      drop(body, 'think', 'think');
      break;
  }
  return left;
}

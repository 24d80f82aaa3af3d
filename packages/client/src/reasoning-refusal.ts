import { BadRequestError } from './errors/bad-request-error';
import { memberSaid } from './member-said';
import type { ModelTarget } from './model-target';
import type { NeutralRequest } from '@bench/formats';

/** What a provider says when a model refuses reasoning controls ("does not support thinking", "reasoning_effort is not supported"). */
const ABOUT_REASONING = /think|reason|effort/i;
/** Wire fields of a model's options that ask for reasoning. */
const REASONING_OPTIONS = ['thinking', 'think', 'reasoning', 'reasoning_effort'];

/**
 * Whether a member's 400 refused the reasoning controls the request carried:
 * agent clients ask for reasoning with every turn, and a model without it
 * (an Ollama model, an older Claude or Gemini) refuses them, which would fail
 * the turn as the caller's error. Only for a model whose catalog entry does
 * not say whether it reasons: one said to reason refused something else.
 */
export function refusedReasoning(error: unknown, target: ModelTarget, request: NeutralRequest): string | undefined {
  if (!BadRequestError.isInstance(error) || !mayRefuseReasoning(target, request)) return undefined;
  const said = memberSaid(error, target.alias);
  return ABOUT_REASONING.test(said) ? said : undefined;
}

/** Whether the request carries reasoning controls to a member whose catalog entry does not say whether it reasons. */
export function mayRefuseReasoning(target: ModelTarget, request: NeutralRequest): boolean {
  if (target.reasoning !== undefined) return false;
  const options = target.options;
  const generation = options?.generationConfig as Record<string, unknown> | undefined;
  return request.reasoning !== undefined || REASONING_OPTIONS.some((key) => options?.[key] !== undefined) || generation?.thinkingConfig !== undefined;
}

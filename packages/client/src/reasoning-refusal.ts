import { BadRequestError } from './errors/bad-request-error';
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
  const prefix = `${target.alias}: `;
  const said = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return ABOUT_REASONING.test(said) ? said : undefined;
}

/** Whether the request carries reasoning controls to a member whose catalog entry does not say whether it reasons. */
export function mayRefuseReasoning(target: ModelTarget, request: NeutralRequest): boolean {
  if (target.reasoning !== undefined) return false;
  const options = target.options;
  const generation = options?.generationConfig as Record<string, unknown> | undefined;
  return request.reasoning !== undefined || REASONING_OPTIONS.some((key) => options?.[key] !== undefined) || generation?.thinkingConfig !== undefined;
}

/**
 * The members that refused reasoning controls, remembered for a while (an
 * hour by default), so that the turns after the first leave the controls out
 * from the first try instead of meeting the same 400 every turn. Per client
 * (per process); bounded; a member is asked with them again once its entry
 * expires, in case it changed (an Ollama model replaced under its name).
 */
export class ReasoningRefusals {
  readonly #known = new Map<string, { said: string; until: number }>();
  readonly #now: () => number;
  readonly #forMs: number;
  readonly #max: number;

  constructor(now: () => number, forMs = 3_600_000, max = 1_000) {
    this.#now = now;
    this.#forMs = forMs;
    this.#max = max;
  }

  /** What the member said when it refused, while that is remembered. */
  remembered(target: ModelTarget): string | undefined {
    if (this.#known.size === 0) return undefined; // the common case: no lookup, no key built
    const key = keyOf(target);
    const entry = this.#known.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > this.#now()) return entry.said;
    this.#known.delete(key);
    return undefined;
  }

  remember(target: ModelTarget, said: string): void {
    if (this.#known.size >= this.#max) this.#known.clear();
    this.#known.set(keyOf(target), { said, until: this.#now() + this.#forMs });
  }
}

function keyOf(target: ModelTarget): string {
  return `${target.alias}\0${target.model}\0${target.baseURL}`;
}

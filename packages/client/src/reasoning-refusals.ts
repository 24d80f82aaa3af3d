import type { ModelTarget } from './model-target';

/** What a member refused: the reasoning controls (see reasoning-refusal.ts), or the reasoning of earlier turns (see reasoning-history-refusal.ts). */
export type RefusedReasoning = 'controls' | 'history';

/**
 * The members that refused reasoning controls or earlier turns' reasoning,
 * remembered for a while (an hour by default), so that the turns after the
 * first leave it out from the first try instead of meeting the same 400 every
 * turn. Per client (per process); bounded; a member is asked with it again
 * once its entry expires, in case it changed (an Ollama model replaced under
 * its name).
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

  /** Whether nothing is remembered: the common case, checked before any key is built. */
  get empty(): boolean {
    return this.#known.size === 0;
  }

  /** What the member said when it refused, while that is remembered. */
  remembered(target: ModelTarget, kind: RefusedReasoning): string | undefined {
    const key = keyOf(target, kind);
    const entry = this.#known.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > this.#now()) return entry.said;
    this.#known.delete(key);
    return undefined;
  }

  remember(target: ModelTarget, kind: RefusedReasoning, said: string): void {
    if (this.#known.size >= this.#max) this.#known.clear();
    this.#known.set(keyOf(target, kind), { said, until: this.#now() + this.#forMs });
  }
}

function keyOf(target: ModelTarget, kind: RefusedReasoning): string {
  return `${kind}\0${target.alias}\0${target.model}\0${target.baseURL}`;
}

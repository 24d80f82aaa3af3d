import type { Behaviour } from './behaviour';

/**
 * Per-model scripts: a list of behaviours consumed one per attempt, the last
 * repeating. A model without a script gets `undefined` (the default answer).
 */
export class ScriptBook {
  private readonly scripts = new Map<string, { steps: Behaviour[]; next: number }>();

  set(model: string, steps: Behaviour | Behaviour[]): void {
    const list = Array.isArray(steps) ? steps : [steps];
    if (list.length === 0) throw new Error(`script for model "${model}": give at least one behaviour`);
    this.scripts.set(model, { steps: list, next: 0 });
  }

  delete(model: string): void {
    this.scripts.delete(model);
  }

  take(model: string): Behaviour | undefined {
    const script = this.scripts.get(model);
    if (!script) return undefined;
    const step = script.steps[Math.min(script.next, script.steps.length - 1)];
    script.next += 1;
    return step;
  }
}

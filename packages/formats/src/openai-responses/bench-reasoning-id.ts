/**
 * Reasoning item ids bench makes up, told apart from OpenAI's own (`rs_` and
 * hex) when a client sends one back: OpenAI has never seen such an id, so an
 * item that carries nothing else for it to go on (no encrypted content) is
 * one it would refuse ("item not found").
 */
const PREFIX = 'rs_bench_';

export function benchReasoningId(base: string, index: number): string {
  return `${PREFIX}${base}_${index}`;
}

export function isBenchReasoningId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(PREFIX);
}

import { isRecord } from './extra-fields';

type Wire = Record<string, unknown>;

const MARK = { type: 'ephemeral' } as const;
const HOUR_MARK = { type: 'ephemeral', ttl: '1h' } as const;
/** Blocks Anthropic does not let carry a cache mark. */
const UNMARKABLE = new Set(['thinking', 'redacted_thinking']);

/**
 * Anthropic caches a prompt only up to a block marked `cache_control`. An
 * Anthropic client marks its own (Claude Code does); a request translated from
 * another protocol has no marks, so an agent that sends its whole conversation
 * every turn would pay the full input price for all of it every turn. Such a
 * request is marked at the end of the system prompt (the tools before it), or
 * of the tools when there is no system prompt, and at the end of its last
 * message: the next turn reads both from the cache. A request that has any
 * mark already is left as it is. `ttl: "1h"` keeps the marks an hour instead
 * of five minutes (turns further apart, a person reviewing, still read them).
 */
export function markPromptCache(body: Wire, ttl?: '5m' | '1h'): void {
  const mark = (block: Wire | undefined) => {
    if (block) block.cache_control = ttl === '1h' ? { ...HOUR_MARK } : { ...MARK };
  };
  const system = Array.isArray(body.system) ? (body.system as Wire[]) : [];
  const tools = Array.isArray(body.tools) ? (body.tools as Wire[]) : [];
  const messages = body.messages as Wire[];
  const blocks = (message: Wire) => (Array.isArray(message.content) ? (message.content as Wire[]) : []);
  if (system.some(isMarked) || tools.some(isMarked) || messages.some((message) => blocks(message).some(isMarked))) return;
  mark(lastMarkable(system) ?? tools.at(-1));
  const last = messages.at(-1);
  if (last) mark(lastMarkable(blocks(last)));
}

function isMarked(block: Wire): boolean {
  if (block.cache_control !== undefined) return true;
  // A tool result's own blocks may carry marks too.
  return Array.isArray(block.content) && (block.content as unknown[]).some((inner) => isRecord(inner) && inner.cache_control !== undefined);
}

/** The last block that may carry a mark (a translated request has no empty text blocks: they are left out). */
function lastMarkable(blocks: readonly Wire[]): Wire | undefined {
  for (let i = blocks.length - 1; i >= 0; i -= 1) {
    const block = blocks[i] as Wire;
    if (!UNMARKABLE.has(block.type as string)) return block;
  }
  return undefined;
}

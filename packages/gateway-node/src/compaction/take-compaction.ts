import type { MatchedRoute } from '../http/match-route';

/** A Codex compaction asked of the gateway, and the form it wants the result in. */
export interface Compaction {
  /**
   * `endpoint`: `POST /responses/compact`, answered with the replacement
   * history (the user's messages, then the compaction). `trigger`: a
   * `/responses` request ending in a `compaction_trigger` item, answered as
   * a response whose one output item is the compaction.
   */
  form: 'endpoint' | 'trigger';
  /** The user message items of the input, as sent (the endpoint's replacement history keeps them). */
  userItems: unknown[];
}

/**
 * Whether a Responses request asks for a compaction, and if so which: the
 * compact route, or a last input item `{type: "compaction_trigger"}`, which
 * is taken off the body here (it is a signal, not content).
 */
export function takeCompaction(body: unknown, route: MatchedRoute): Compaction | undefined {
  const input = (body as { input?: unknown } | null)?.input;
  const items = Array.isArray(input) ? input : [];
  const last = items.at(-1) as { type?: unknown } | undefined;
  const triggered = last?.type === 'compaction_trigger';
  if (!route.compact && !triggered) return undefined;
  if (triggered) items.pop();
  const userItems = items.filter((item) => {
    const message = item as { type?: unknown; role?: unknown } | null;
    return message?.role === 'user' && (message.type === undefined || message.type === 'message');
  });
  return { form: route.compact ? 'endpoint' : 'trigger', userItems };
}

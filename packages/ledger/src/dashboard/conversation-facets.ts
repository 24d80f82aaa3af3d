import type { TurnRecord } from '../turn-record';

/**
 * What the conversations list's model and key filters walk (schema: conversation_facets): per conversation, each model
 * that answered one of its turns and each key its turns' calls were made with, at the conversation's `updated` (moved
 * with it), so a filter reads its own rows newest first. Written with the turns: a turn's calls are queued before it.
 * Never removed (a turn replaced by a retry leaves its model's): the list checks each row it walks against the turns,
 * so a facet is a candidate, never the answer.
 */

/** What the conversations list filters by: a model that answered one of a conversation's turns, or a key its turns' calls were made with. */
export interface ConversationFacet {
  conversation: string;
  facet: 'model' | 'key';
  value: string;
}

/** The facets of a batch's turns, each once; `keyOf` is the key of a turn's call (null or undefined for none). */
export function conversationFacets(turns: Iterable<TurnRecord>, keyOf: (call: string) => string | null | undefined): ConversationFacet[] {
  const facets = new Map<string, ConversationFacet>();
  const add = (conversation: string, facet: ConversationFacet['facet'], value: string) => {
    const id = `${conversation}\u0000${facet}\u0000${value}`;
    if (!facets.has(id)) facets.set(id, { conversation, facet, value });
  };
  for (const turn of turns) {
    add(turn.conversation, 'model', turn.alias);
    const key = turn.call === null ? undefined : keyOf(turn.call);
    if (key !== undefined && key !== null) add(turn.conversation, 'key', key);
  }
  return [...facets.values()];
}

import { REPLY_MODES, type ReplyMode } from '../config/config-schema';

export type ParsedModelName = { kind: 'collection'; collection: string; mode?: ReplyMode; badSuffix?: string } | { kind: 'name'; name: string };

const PREFIX = 'bench/';

/** `bench/core` / `bench/core:route` → a collection (mode from the suffix); anything else → a plain name. */
export function parseModelName(model: string): ParsedModelName {
  if (!model.startsWith(PREFIX)) return { kind: 'name', name: model };
  return parseCollectionName(model.slice(PREFIX.length));
}

/** `core` / `core:merged` (Gemini paths, Ollama names) → a collection with an optional mode. */
export function parseCollectionName(text: string): Extract<ParsedModelName, { kind: 'collection' }> {
  const colon = text.lastIndexOf(':');
  if (colon < 0) return { kind: 'collection', collection: text };
  const collection = text.slice(0, colon);
  const suffix = text.slice(colon + 1);
  if ((REPLY_MODES as readonly string[]).includes(suffix)) return { kind: 'collection', collection, mode: suffix as ReplyMode };
  return { kind: 'collection', collection, badSuffix: suffix };
}

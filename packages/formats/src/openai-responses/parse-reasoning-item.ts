import type { z } from 'zod';
import type { Extra, ReasoningPart } from '../neutral/content';
import { extraOrUndefined, restOf } from './extra-fields';
import type { reasoningItemSchema } from './openai-responses-api';

/** Separator between summary parts when they become one neutral reasoning text. */
export const SUMMARY_SEPARATOR = '\n\n';

/**
 * A reasoning item → one reasoning part: the summaries' text joined, the
 * encrypted content as its signature, the item id (and any other field) in
 * `extra`; `$summary` keeps the summary array when joining cannot be undone.
 */
export function parseReasoningItem(item: z.output<typeof reasoningItemSchema>): ReasoningPart {
  const known = ['type', 'summary'];
  if (typeof item.encrypted_content === 'string') known.push('encrypted_content');
  const extra: Extra = restOf(item, known);
  const text = item.summary.map((entry) => entry.text).join(SUMMARY_SEPARATOR);
  const simple =
    item.summary.length === 0 ||
    (item.summary.length === 1 && Object.keys(item.summary[0] ?? {}).length === 2 && text !== '');
  if (!simple) extra.$summary = item.summary;
  const part: ReasoningPart = { type: 'reasoning', text };
  if (typeof item.encrypted_content === 'string') part.signature = item.encrypted_content;
  const kept = extraOrUndefined(extra);
  if (kept) part.extra = kept;
  return part;
}

import type { z } from 'zod';
import type { Extra, ReasoningPart } from '../neutral/content';
import { callerSignature } from '../shared/signature-provenance';
import { extraOrUndefined, isRecord, restOf } from './extra-fields';
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
  const fromContent = item.summary.length === 0 ? reasoningText(item.content) : undefined;
  if (fromContent !== undefined) known.push('content');
  const extra: Extra = restOf(item, known);
  if (fromContent !== undefined) {
    extra.$fromContent = true;
    return withExtra({ type: 'reasoning', text: fromContent }, item.encrypted_content, extra);
  }
  const text = item.summary.map((entry) => entry.text).join(SUMMARY_SEPARATOR);
  const simple = item.summary.length === 0 || (item.summary.length === 1 && Object.keys(item.summary[0] ?? {}).length === 2 && text !== '');
  if (!simple) extra.$summary = item.summary;
  return withExtra({ type: 'reasoning', text }, item.encrypted_content, extra);
}

function withExtra(part: ReasoningPart, encrypted: string | null | undefined, extra: Extra): ReasoningPart {
  if (typeof encrypted === 'string') Object.assign(part, callerSignature('openai-responses', encrypted));
  const kept = extraOrUndefined(extra);
  if (kept) part.extra = kept;
  return part;
}

/** The text of raw reasoning content (gpt-oss and compatible servers) given as exactly one `reasoning_text` part. */
function reasoningText(content: unknown): string | undefined {
  if (!Array.isArray(content) || content.length !== 1) return undefined;
  const [only] = content as unknown[];
  if (!isRecord(only) || only.type !== 'reasoning_text' || typeof only.text !== 'string' || Object.keys(only).length !== 2) return undefined;
  return only.text;
}

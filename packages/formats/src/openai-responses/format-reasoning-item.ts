import type { ReasoningPart } from '../neutral/content';
import { benchReasoningId } from './bench-reasoning-id';
import { isRecord, wireFields } from './extra-fields';
import { SUMMARY_SEPARATOR } from './parse-reasoning-item';

/** A neutral reasoning part → a Responses reasoning item (summary text, encrypted content from the signature). */
export function formatReasoningItem(part: ReasoningPart, same: boolean, index: number): Record<string, unknown> {
  const item: Record<string, unknown> = same ? wireFields(part.extra) : {};
  if (!same) item.id = benchReasoningId('in', index);
  item.type = 'reasoning';
  if (same && part.extra?.$fromContent === true) {
    item.summary = [];
    item.content = [{ type: 'reasoning_text', text: part.text }];
  } else {
    item.summary = summaryOf(part, same);
  }
  if (part.signature !== undefined) item.encrypted_content = part.signature;
  return item;
}

/** The summary array: the kept one when it still reads as the text, else the text as one summary part. */
export function summaryOf(part: ReasoningPart, same: boolean): Array<Record<string, unknown>> {
  const kept = same ? part.extra?.$summary : undefined;
  if (Array.isArray(kept) && kept.every(isRecord)) {
    const joined = kept.map((entry) => (typeof entry.text === 'string' ? entry.text : '')).join(SUMMARY_SEPARATOR);
    if (joined === part.text) return kept;
  }
  return part.text === '' ? [] : [{ type: 'summary_text', text: part.text }];
}

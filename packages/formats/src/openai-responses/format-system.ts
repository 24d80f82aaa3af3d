import type { TextPart } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { formatContentPart, splitItemFields } from './format-content-part';
import type { PlacedItem } from './format-input-items';
import { warnForeignExtra } from './extra-fields';

export interface FormattedSystem {
  instructions?: string;
  /** System and developer messages of a same-protocol request, back at their places in `input`. */
  placed: PlacedItem[];
}

/**
 * Neutral system parts → `instructions` (joined by blank lines), except, for
 * a request from this protocol, the parts that came from system or developer
 * input messages (`$at` hints), which go back to their places.
 */
export function formatSystem(system: ReadonlyArray<TextPart>, same: boolean, warnings: Warning[]): FormattedSystem {
  const texts: string[] = [];
  const groups = new Map<number, TextPart[]>();
  system.forEach((part, index) => {
    const at = same ? part.extra?.$at : undefined;
    if (typeof at === 'number') {
      const group = groups.get(at);
      if (group && part.extra?.$item !== true) group.push(part);
      else groups.set(at, [part]);
      return;
    }
    if (!same) warnForeignExtra(part.extra, `system[${index}]`, warnings);
    texts.push(part.text);
  });
  const out: FormattedSystem = { placed: [] };
  if (texts.length > 0) out.instructions = texts.join('\n\n');
  for (const [at, parts] of groups) out.placed.push({ at, item: messageItem(parts) });
  return out;
}

function messageItem(parts: TextPart[]): Record<string, unknown> {
  const first = parts[0] as TextPart;
  const hints = first.extra ?? {};
  const item: Record<string, unknown> = splitItemFields(hints).item;
  if (hints.$noType !== true) item.type = 'message';
  item.role = hints.$role === 'system' ? 'system' : 'developer';
  if (hints.$empty === true) item.content = [];
  else if (hints.$string === true && parts.length === 1) item.content = first.text;
  else item.content = parts.map((part) => formatContentPart(part, 'input_text', true, splitItemFields(part.extra).part));
  return item;
}

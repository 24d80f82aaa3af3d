import type { Extra, ImagePart, TextPart } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { UNMAPPED_PARTS_KEY } from './hints';
import type { UnmappedPart } from './parse-openai-chat-content';
import { isRecord } from './split-extra';
import { ownFields, warnExtra } from './warn-extra';

const IMAGE_URL_SKIP = new Set(['image_url']);

export type WirePart = Record<string, unknown>;

export function formatTextPart(part: TextPart, own: boolean, path: string, warnings: Warning[]): WirePart {
  if (!own) warnExtra(part.extra, path, warnings);
  return { type: 'text', text: part.text, ...(own ? ownFields(part.extra) : {}) };
}

export function formatImagePart(part: ImagePart, own: boolean, path: string, warnings: Warning[]): WirePart {
  if (!own) warnExtra(part.extra, path, warnings);
  const url = part.source.kind === 'url' ? part.source.url : `data:${part.source.mediaType};base64,${part.source.data}`;
  const inner = own && isRecord(part.extra?.image_url) ? part.extra.image_url : {};
  return { type: 'image_url', image_url: { url, ...inner }, ...(own ? ownFields(part.extra, IMAGE_URL_SKIP) : {}) };
}

/** Puts back, at their places, the parts this codec kept verbatim (own requests only). */
export function spliceUnmapped(parts: WirePart[], extra: Extra | undefined): WirePart[] {
  const kept = extra?.[UNMAPPED_PARTS_KEY];
  if (!Array.isArray(kept)) return parts;
  const out = parts.slice();
  for (const item of kept as UnmappedPart[]) out.splice(item.index, 0, item.part);
  return out;
}

export function withoutUnmapped(extra: Extra | undefined): ReadonlySet<string> {
  return extra && UNMAPPED_PARTS_KEY in extra ? new Set([UNMAPPED_PARTS_KEY]) : new Set();
}

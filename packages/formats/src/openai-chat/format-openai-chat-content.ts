import type { Extra, FilePart, ImagePart, TextPart } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { toDataUrl } from '../shared/data-url';
import { defaultFilename } from '../shared/default-filename';
import { UNMAPPED_PARTS_KEY } from './hints';
import type { UnmappedPart } from './parse-openai-chat-content';
import { isRecord } from './split-extra';
import { dropped, ownFields, warnExtra } from './warn-extra';

const IMAGE_URL_SKIP = new Set(['image_url']);
const FILE_SKIP = new Set(['file']);

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

/** A file as a `file` part with its data; undefined (with a warning) for a URL, or, from another protocol, a file that is not a PDF. */
export function formatFilePart(part: FilePart, own: boolean, path: string, warnings: Warning[]): WirePart | undefined {
  if (!own) warnExtra(part.extra, path, warnings);
  const source = part.source;
  if (source.kind === 'url') {
    dropped(warnings, path, 'a file by URL (it takes file data or an uploaded file id)');
    return undefined;
  }
  if (!own && source.mediaType !== 'application/pdf') {
    dropped(warnings, path, `a file of type ${source.mediaType} (it takes PDF files only)`);
    return undefined;
  }
  const filename = part.filename ?? (own ? undefined : defaultFilename(source.mediaType));
  const inner = own && isRecord(part.extra?.file) ? part.extra.file : {};
  const file = { ...(filename !== undefined ? { filename } : {}), file_data: toDataUrl(source.mediaType, source.data), ...inner };
  return { type: 'file', file, ...(own ? ownFields(part.extra, FILE_SKIP) : {}) };
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

import type { Extra, FilePart, ImagePart, TextPart } from '../neutral/content';
import { toDataUrl } from '../shared/data-url';
import { defaultFilename } from '../shared/default-filename';
import { wireFields } from './extra-fields';
import { UNMAPPED_PART, type TextDefault } from './parse-content-part';

/**
 * A neutral text, image or file part → a Responses content part. `same` (the request
 * came from this protocol) writes back the part's wire fields and shape hints;
 * `fields` overrides the part's own wire fields (the first part of an item
 * shares its extra with the item).
 */
export function formatContentPart(
  part: TextPart | ImagePart | FilePart,
  textDefault: TextDefault,
  same: boolean,
  fields: Extra = same ? wireFields(part.extra) : {},
): Record<string, unknown> {
  if (part.type === 'image') {
    const source = part.source;
    const url = source.kind === 'url' ? source.url : `data:${source.mediaType};base64,${source.data}`;
    return same ? { ...fields, type: 'input_image', image_url: url } : { type: 'input_image', image_url: url, detail: 'auto' };
  }
  if (part.type === 'file') return formatFilePart(part, same, fields);
  const unmapped = same ? part.extra?.[UNMAPPED_PART] : undefined;
  if (unmapped !== undefined) return unmapped as Record<string, unknown>;
  const hinted = same ? part.extra?.$type : undefined;
  const type = typeof hinted === 'string' ? hinted : textDefault;
  if (type === 'refusal') return { ...fields, type, refusal: part.text };
  return { ...fields, type, text: part.text };
}

/** An input_file by data URL or URL. OpenAI refuses file data without a filename: another protocol's file gets one. */
function formatFilePart(part: FilePart, same: boolean, fields: Extra): Record<string, unknown> {
  const wire: Record<string, unknown> = { ...fields, type: 'input_file' };
  const source = part.source;
  if (source.kind === 'url') wire.file_url = source.url;
  else wire.file_data = toDataUrl(source.mediaType, source.data);
  const filename = part.filename ?? (same || source.kind === 'url' ? undefined : defaultFilename(source.mediaType));
  if (filename !== undefined) wire.filename = filename;
  return wire;
}

/** A part's extra split into the fields of its item (named in `$itemKeys`) and its own. */
export function splitItemFields(extra: Extra | undefined): { item: Extra; part: Extra } {
  const item: Extra = {};
  const part: Extra = {};
  const itemKeys = Array.isArray(extra?.$itemKeys) ? (extra.$itemKeys as unknown[]) : [];
  for (const [key, value] of Object.entries(wireFields(extra))) {
    if (itemKeys.includes(key)) item[key] = value;
    else part[key] = value;
  }
  return { item, part };
}

import { isBase64, NOT_BASE64 } from '../shared/base64';
import { InvalidRequestError } from '../errors/invalid-request-error';
import type { Extra, FilePart, FileSource, ImagePart, TextPart } from '../neutral/content';
import { parseDataUrl, splitDataUrl } from '../shared/data-url';
import { fieldPath } from '../shared/field-path';
import { IMAGE_MEDIA_TYPES, type ContentPartWire } from './openai-responses-api';
import { extraOrUndefined, restOf } from './extra-fields';

/** The part type a context writes by default: `output_text` in assistant messages, `input_text` elsewhere. */
export type TextDefault = 'input_text' | 'output_text';

/** Extra key holding a part the neutral model cannot hold (an image or a file by file id), written back verbatim. */
export const UNMAPPED_PART = 'unmapped_part';

type InputFileWire = Extract<ContentPartWire, { type: 'input_file' }>;

/**
 * One Responses content part → a neutral text, image or (where `files` is set:
 * user messages and tool outputs) file part, with its unmapped fields in `extra`.
 */
export function parseContentPart(
  part: ContentPartWire,
  textDefault: TextDefault,
  path: ReadonlyArray<PropertyKey>,
  files: boolean,
): TextPart | ImagePart | FilePart {
  switch (part.type) {
    case 'input_text':
    case 'output_text': {
      const extra = restOf(part, ['type', 'text']);
      if (part.type !== textDefault) extra.$type = part.type;
      return textPart(part.text, extra);
    }
    case 'refusal':
      return textPart(part.refusal, { ...restOf(part, ['type', 'refusal']), $type: 'refusal' });
    case 'input_image': {
      if (part.image_url === undefined) return unmappedPart(part);
      const extra = extraOrUndefined(restOf(part, ['type', 'image_url']));
      const image: ImagePart = { type: 'image', source: imageSource(part.image_url, [...path, 'image_url']) };
      if (extra) image.extra = extra;
      return image;
    }
    case 'input_file':
      return files ? parseFilePart(part, path) : unmappedPart(part);
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
}

/** A file by its data URL or its URL; a file by id (or data with no media type) stays verbatim. */
function parseFilePart(part: InputFileWire, path: ReadonlyArray<PropertyKey>): FilePart | TextPart {
  if (typeof part.file_id === 'string') return unmappedPart(part);
  let source: FileSource | undefined;
  if (part.file_data !== undefined) {
    const data = parseDataUrl(part.file_data, fieldPath([...path, 'file_data']));
    if (data) source = { kind: 'base64', ...data };
  } else if (part.file_url !== undefined) source = { kind: 'url', url: part.file_url };
  if (!source) return unmappedPart(part);
  const file: FilePart = { type: 'file', source };
  if (part.filename !== undefined) file.filename = part.filename;
  const extra = extraOrUndefined(restOf(part, ['type', source.kind === 'url' ? 'file_url' : 'file_data', 'filename']));
  if (extra) file.extra = extra;
  return file;
}

function textPart(text: string, extra: Extra): TextPart {
  const part: TextPart = { type: 'text', text };
  const kept = extraOrUndefined(extra);
  if (kept) part.extra = kept;
  return part;
}

/** A part with no neutral form: a visible placeholder, the original kept so the same protocol writes it back. */
function unmappedPart(part: Record<string, unknown> & { type: string }): TextPart {
  const name = typeof part.filename === 'string' ? ` ${part.filename}` : '';
  return { type: 'text', text: `[${part.type}${name}]`, extra: { [UNMAPPED_PART]: part } };
}

function imageSource(url: string, path: ReadonlyArray<PropertyKey>): ImagePart['source'] {
  const split = splitDataUrl(url);
  if (split === undefined) return { kind: 'url', url };
  const mediaType = split?.mediaType ?? '';
  if (split === null || !(IMAGE_MEDIA_TYPES as ReadonlyArray<string>).includes(mediaType)) {
    throw new InvalidRequestError([
      {
        path: fieldPath(path),
        message: `expected a base64 data URL with media type one of ${IMAGE_MEDIA_TYPES.join(', ')}`,
      },
    ]);
  }
  if (!isBase64(split.data)) throw new InvalidRequestError([{ path: fieldPath(path), message: NOT_BASE64 }]);
  return { kind: 'base64', mediaType, data: split.data };
}

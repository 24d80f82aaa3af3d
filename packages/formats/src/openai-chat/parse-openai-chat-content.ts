import { isBase64, NOT_BASE64 } from '../shared/base64';
import { InvalidRequestError } from '../errors/invalid-request-error';
import type { Extra, FilePart, ImagePart, ImageSource, TextPart } from '../neutral/content';
import { parseDataUrl, splitDataUrl } from '../shared/data-url';
import { UNMAPPED_PARTS_KEY } from './hints';
import { imageMediaTypes } from './openai-chat-api';
import { splitExtra } from './split-extra';
import { quoteValue } from '@bench/contracts';

const TEXT_KEYS = new Set(['type', 'text']);
const IMAGE_KEYS = new Set(['type', 'image_url']);
const IMAGE_URL_KEYS = new Set(['url']);
const FILE_KEYS = new Set(['type', 'file']);
const FILE_INNER_KEYS = new Set(['file_data', 'filename']);

export interface UnmappedPart {
  index: number;
  part: Record<string, unknown>;
}

export interface ParsedContent {
  parts: Array<TextPart | ImagePart | FilePart>;
  /** Parts kept verbatim for `extra[UNMAPPED_PARTS_KEY]`. */
  unmapped: UnmappedPart[];
}

type WirePart = { type: string } & Record<string, unknown>;

/**
 * Content parts of one message: text and image_url map, and so do files given
 * by their data where `files` is set (user messages); input_audio, refusal and
 * files by id are kept verbatim.
 */
export function parseContentParts(wire: readonly WirePart[], path: string, files: boolean): ParsedContent {
  const parts: Array<TextPart | ImagePart | FilePart> = [];
  const unmapped: UnmappedPart[] = [];
  wire.forEach((part, index) => {
    const mapped = parsePart(part, `${path}[${index}]`, files);
    if (mapped) parts.push(mapped);
    else unmapped.push({ index, part });
  });
  return { parts, unmapped };
}

function parsePart(part: WirePart, path: string, files: boolean): TextPart | ImagePart | FilePart | undefined {
  if (part.type === 'text') return parseTextPart(part);
  if (part.type === 'image_url') return parseImagePart(part, path);
  if (part.type === 'file' && files) return parseFilePart(part, path);
  return undefined;
}

export function parseTextPart(part: Record<string, unknown>): TextPart {
  const extra = splitExtra(part, TEXT_KEYS);
  return { type: 'text', text: String(part.text), ...(extra ? { extra } : {}) };
}

function parseImagePart(part: Record<string, unknown>, path: string): ImagePart {
  const imageUrl = part.image_url as Record<string, unknown>;
  const source = parseImageUrl(String(imageUrl.url), `${path}.image_url.url`);
  const outer = splitExtra(part, IMAGE_KEYS);
  const inner = splitExtra(imageUrl, IMAGE_URL_KEYS);
  // `detail` and other image_url keys ride under `image_url`, so other protocols name them when they warn.
  const extra: Extra | undefined = outer || inner ? { ...outer, ...(inner ? { image_url: inner } : {}) } : undefined;
  return { type: 'image', source, ...(extra ? { extra } : {}) };
}

/** A file by its data URL; undefined (kept verbatim) for a file id, or data with no media type. */
function parseFilePart(part: Record<string, unknown>, path: string): FilePart | undefined {
  const file = part.file as Record<string, unknown>;
  if (file.file_id !== undefined || typeof file.file_data !== 'string') return undefined;
  const data = parseDataUrl(file.file_data, `${path}.file.file_data`);
  if (!data) return undefined;
  const filePart: FilePart = { type: 'file', source: { kind: 'base64', ...data } };
  if (typeof file.filename === 'string') filePart.filename = file.filename;
  const outer = splitExtra(part, FILE_KEYS);
  const inner = splitExtra(file, FILE_INNER_KEYS);
  // Other keys of `file` ride under `file`, like image_url's under `image_url`.
  const extra: Extra | undefined = outer || inner ? { ...outer, ...(inner ? { file: inner } : {}) } : undefined;
  if (extra) filePart.extra = extra;
  return filePart;
}

/** `data:<media type>;base64,<data>` becomes a base64 source (of an image type OpenAI accepts); anything else is a URL. */
export function parseImageUrl(url: string, path: string): ImageSource {
  const split = splitDataUrl(url);
  if (split === undefined) return { kind: 'url', url };
  if (split === null) throw new InvalidRequestError([{ path, message: 'expected a base64 data URL: data:<media type>;base64,<data>' }]);
  const { mediaType, data } = split;
  if (!imageMediaTypes.includes(mediaType)) {
    throw new InvalidRequestError([{ path, message: `expected an image media type, one of ${imageMediaTypes.join(', ')}; got ${quoteValue(mediaType)}` }]);
  }
  if (!isBase64(data)) throw new InvalidRequestError([{ path, message: NOT_BASE64 }]);
  return { kind: 'base64', mediaType, data };
}

/** Adds unmapped parts to a message's extra. */
export function unmappedExtra(unmapped: UnmappedPart[]): Extra | undefined {
  return unmapped.length ? { [UNMAPPED_PARTS_KEY]: unmapped } : undefined;
}

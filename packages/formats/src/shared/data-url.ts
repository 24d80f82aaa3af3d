import { InvalidRequestError } from '../errors/invalid-request-error';
import { isBase64, NOT_BASE64 } from './base64';

const PREFIX = 'data:';
const BASE64_MARK = ';base64,';

/** `data:<media type>;base64,<data>`: how the OpenAI protocols carry file and image bytes. */
export function toDataUrl(mediaType: string, data: string): string {
  return `${PREFIX}${mediaType}${BASE64_MARK}${data}`;
}

/**
 * A `data:` URL split into its media type and its data (not yet checked as
 * base64); null for a data URL that is not base64 or names no media type;
 * undefined for text that is not a data URL at all.
 */
export function splitDataUrl(text: string): { mediaType: string; data: string } | null | undefined {
  if (!text.startsWith(PREFIX)) return undefined;
  const mark = text.indexOf(BASE64_MARK);
  const mediaType = mark === -1 ? '' : text.slice(PREFIX.length, mark);
  if (!mediaType || mediaType.includes(',')) return null;
  return { mediaType, data: text.slice(mark + BASE64_MARK.length) };
}

/**
 * A base64 data URL's media type and data; undefined for text that is not a
 * data URL at all. A malformed data URL is an error naming `path`.
 */
export function parseDataUrl(text: string, path: string): { mediaType: string; data: string } | undefined {
  const split = splitDataUrl(text);
  if (split === null) throw new InvalidRequestError([{ path, message: 'expected a base64 data URL: data:<media type>;base64,<data>' }]);
  if (split && !isBase64(split.data)) throw new InvalidRequestError([{ path, message: NOT_BASE64 }]);
  return split;
}

import { InvalidRequestError } from '../errors/invalid-request-error';
import { isBase64, NOT_BASE64 } from './base64';

const PREFIX = 'data:';
const BASE64_MARK = ';base64,';

/** `data:<media type>;base64,<data>`: how the OpenAI protocols carry file bytes. */
export function toDataUrl(mediaType: string, data: string): string {
  return `${PREFIX}${mediaType}${BASE64_MARK}${data}`;
}

/**
 * A base64 data URL's media type and data; undefined for text that is not a
 * data URL at all. A malformed data URL is an error naming `path`.
 */
export function parseDataUrl(text: string, path: string): { mediaType: string; data: string } | undefined {
  if (!text.startsWith(PREFIX)) return undefined;
  const mark = text.indexOf(BASE64_MARK);
  const mediaType = mark === -1 ? '' : text.slice(PREFIX.length, mark);
  if (!mediaType || mediaType.includes(',')) {
    throw new InvalidRequestError([{ path, message: 'expected a base64 data URL: data:<media type>;base64,<data>' }]);
  }
  const data = text.slice(mark + BASE64_MARK.length);
  if (!isBase64(data)) throw new InvalidRequestError([{ path, message: NOT_BASE64 }]);
  return { mediaType, data };
}

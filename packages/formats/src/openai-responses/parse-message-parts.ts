import type { ImagePart, TextPart } from '../neutral/content';
import type { ContentPartWire } from './openai-responses-api';
import { parseContentPart, type TextDefault } from './parse-content-part';

/** A content array → neutral text and image parts, each with its path for errors. */
export function parseMessageParts(
  parts: ReadonlyArray<ContentPartWire>,
  textDefault: TextDefault,
  path: ReadonlyArray<PropertyKey>,
): Array<TextPart | ImagePart> {
  return parts.map((part, index) => parseContentPart(part, textDefault, [...path, index]));
}

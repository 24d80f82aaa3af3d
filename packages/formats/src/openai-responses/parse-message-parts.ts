import type { FilePart, ImagePart, TextPart } from '../neutral/content';
import { parseWithSchema } from '../shared/parse-with-schema';
import { contentPartsSchema } from './openai-responses-api';
import { parseContentPart, type TextDefault } from './parse-content-part';

/** A content array → neutral text, image and (where `files` is set) file parts; a bad part is an InvalidRequestError naming it. */
export function parseMessageParts(
  parts: ReadonlyArray<unknown>,
  textDefault: TextDefault,
  path: ReadonlyArray<PropertyKey>,
  files: boolean,
): Array<TextPart | ImagePart | FilePart> {
  const wire = parseWithSchema(contentPartsSchema, parts, path);
  return wire.map((part, index) => parseContentPart(part, textDefault, [...path, index], files));
}

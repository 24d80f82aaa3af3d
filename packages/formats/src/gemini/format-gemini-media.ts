import type { Extra, FilePart, ImagePart } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { writeSubExtra } from './gemini-extra';

type GeminiPart = Record<string, unknown>;

/** What formatting media needs: whether the part is Gemini's own, and where warnings go. */
export interface MediaContext {
  own: boolean;
  warnings: Warning[];
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
};
const FILE_TYPES: Record<string, string> = { pdf: 'application/pdf', txt: 'text/plain' };

/** An image as an inlineData part (base64 or a data: URL) or a fileData part. */
export function formatImage(part: ImagePart, path: string, ctx: MediaContext): GeminiPart {
  const source = part.source;
  const extra: Extra | undefined = ctx.own ? part.extra : undefined;
  if (source.kind === 'base64') return inlineData(source.mediaType, source.data, extra);
  const dataUrl = /^data:([^;,]+);base64,(.*)$/s.exec(source.url);
  if (dataUrl) return { inlineData: { mimeType: dataUrl[1], data: dataUrl[2] } };
  let mimeType: string | undefined;
  if (typeof extra?.$mimeType === 'string') mimeType = extra.$mimeType;
  else if (!extra?.$noMimeType) mimeType = guessMimeType(source.url, IMAGE_TYPES, 'image/jpeg', 'an image', path, ctx.warnings);
  return fileData(mimeType, source.url, extra);
}

/** A file (a document) as an inlineData or fileData part; Gemini has no place for its name. */
export function formatFile(part: FilePart, path: string, ctx: MediaContext): GeminiPart {
  const source = part.source;
  const extra: Extra | undefined = ctx.own ? part.extra : undefined;
  if (part.filename !== undefined) {
    ctx.warnings.push({ code: 'dropped', path: `${path}.filename`, message: 'Gemini inlineData and fileData parts have no file name' });
  }
  if (source.kind === 'base64') return inlineData(source.mediaType, source.data, extra);
  const mimeType = source.mediaType ?? guessMimeType(source.url, FILE_TYPES, 'application/pdf', 'a file', path, ctx.warnings);
  return fileData(mimeType, source.url, extra);
}

function inlineData(mimeType: string, data: string, extra: Extra | undefined): GeminiPart {
  const inline: Record<string, unknown> = { mimeType, data };
  writeSubExtra(inline, 'inlineData', extra);
  return { inlineData: inline };
}

function fileData(mimeType: string | undefined, fileUri: string, extra: Extra | undefined): GeminiPart {
  const file: Record<string, unknown> = {};
  if (mimeType !== undefined) file.mimeType = mimeType;
  file.fileUri = fileUri;
  writeSubExtra(file, 'fileData', extra);
  return { fileData: file };
}

function guessMimeType(url: string, types: Record<string, string>, fallback: string, what: string, path: string, warnings: Warning[]): string {
  const extension = url.split(/[?#]/)[0]?.split('.').pop()?.toLowerCase() ?? '';
  const known = types[extension];
  if (known) return known;
  warnings.push({ code: 'converted', path, message: `Gemini needs a media type for ${what} URL; ${fallback} assumed` });
  return fallback;
}

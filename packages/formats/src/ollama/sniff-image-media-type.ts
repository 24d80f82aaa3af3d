/** What an image is by its magic bytes (PNG, JPEG, GIF, WebP); undefined when they say nothing. */
export function sniffImageMediaType(base64: string): string | undefined {
  let head: string;
  try {
    head = atob(base64.slice(0, 16));
  } catch {
    return undefined;
  }
  if (head.startsWith('\x89PNG')) return 'image/png';
  if (head.startsWith('\xff\xd8\xff')) return 'image/jpeg';
  if (head.startsWith('GIF8')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** The media type given to an image whose bytes say nothing (Ollama sends no media type). */
export const FALLBACK_IMAGE_MEDIA_TYPE = 'image/png';

const DATA_URL = /data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[^;,]*)*;base64,[A-Za-z0-9+/=_-]+/g;
/** A run this long of base64 characters is an image or a file, not prose. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{200,}={0,2}/g;
/** Upstream error messages can echo a whole request; keep what a person needs to read. */
export const MAX_MESSAGE_CHARS = 4000;

/** Replaces base64 data URLs and long base64 runs in a message, then bounds its length (saying so). */
export function redactImages(message: string): string {
  const redacted = message
    .replace(DATA_URL, (match, type: string | undefined) => `data:${type ?? ''};base64,[redacted ${match.length} chars]`)
    .replace(BASE64_RUN, (match) => `[redacted base64, ${match.length} chars]`);
  if (redacted.length <= MAX_MESSAGE_CHARS) return redacted;
  return `${redacted.slice(0, MAX_MESSAGE_CHARS)}… [${redacted.length - MAX_MESSAGE_CHARS} more chars cut]`;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Where JSON text first nests objects and arrays deeper than `limit` (a
 * character offset), or -1: read off the text, brackets inside strings aside,
 * without parsing it. JSON.parse spends tens of nanoseconds a level on deep
 * nesting, so a large body of `[[[[…` would hold the event loop for seconds
 * before a depth check on the parsed value could refuse it.
 */
export function nestingTooDeepAt(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === BACKSLASH) at += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return at;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth -= 1;
  }
  return -1;
}

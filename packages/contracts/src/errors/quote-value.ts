/** The most of a caller's value an error message quotes. */
export const MAX_QUOTED_CHARS = 200;

/**
 * A caller's value (a model name, an id, a field) cut to at most `max`
 * characters on a character boundary (never half of a surrogate pair), with
 * `…` when cut. An error that echoed a 10 MB name would send 10 MB back, and
 * half a surrogate pair is not valid UTF-8.
 */
export function cutValue(value: unknown, max = MAX_QUOTED_CHARS): string {
  const text = typeof value === 'string' ? value : String(value);
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max; // a high surrogate whose pair lies past the cut
  return `${text.slice(0, end)}…`;
}

/** A caller's value as an error message quotes it: `"…"`, cut by `cutValue`, naming its full length when cut. */
export function quoteValue(value: unknown, max = MAX_QUOTED_CHARS): string {
  const text = typeof value === 'string' ? value : String(value);
  return text.length <= max ? `"${text}"` : `"${cutValue(text, max)}" (${text.length} characters)`;
}

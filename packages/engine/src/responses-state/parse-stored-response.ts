import { safeParseJSON } from '@bench/formats';
import type { StoredResponse } from './response-store';

/** A stored response read back as text from a store outside the process; anything unreadable is no response. */
export function parseStoredResponse(text: string): StoredResponse | undefined {
  const parsed = safeParseJSON(text);
  if (!parsed.success) return undefined;
  const stored = parsed.value as StoredResponse | null;
  return Array.isArray(stored?.messages) ? stored : undefined;
}

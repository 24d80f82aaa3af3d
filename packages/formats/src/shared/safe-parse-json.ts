export type ParseResult<T> = { success: true; value: T } | { success: false; error: Error };

/** The one place raw text becomes JSON: never throws. */
export function safeParseJSON(text: string): ParseResult<unknown> {
  try {
    return { success: true, value: JSON.parse(text) };
  } catch (error) {
    return { success: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

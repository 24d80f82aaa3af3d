const EXTENSIONS: Record<string, string> = { 'application/pdf': '.pdf', 'text/plain': '.txt' };

/** A name for a file that came without one: OpenAI refuses inline file data with no filename. */
export function defaultFilename(mediaType: string): string {
  return `document${EXTENSIONS[mediaType] ?? ''}`;
}

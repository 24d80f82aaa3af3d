/**
 * Compactions bench writes for a Codex conversation (its `/responses/compact`
 * and `compaction_trigger`): a `compaction` item whose `encrypted_content` is
 * bench's own, the summary a member wrote. Unlike OpenAI's, any member can
 * read it: a request that carries one gets the summary as a user message, in
 * its place.
 */
const PREFIX = 'bench-compaction.v1.';

/** How the summary is introduced to the model that goes on from it. */
export const COMPACTION_INTRO = 'The earlier part of this conversation was compacted; this is its summary, written to carry the work on:';

/** The `encrypted_content` of a bench compaction holding this summary. */
export function benchCompactionContent(summary: string): string {
  return PREFIX + Buffer.from(JSON.stringify({ summary }), 'utf8').toString('base64url');
}

/** The summary in a bench compaction's `encrypted_content`, or undefined for any other (OpenAI's own). */
export function readBenchCompaction(content: unknown): string | undefined {
  if (typeof content !== 'string' || !content.startsWith(PREFIX)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(content.slice(PREFIX.length), 'base64url').toString('utf8'));
    const summary = (value as { summary?: unknown } | null)?.summary;
    return typeof summary === 'string' ? summary : undefined;
  } catch {
    return undefined;
  }
}

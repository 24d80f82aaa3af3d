/**
 * Gemini through Google's OpenAI-compatible endpoint (and Vertex's) carries its
 * thought signatures in a field of its own, `extra_content.google.thought_signature`:
 * on a tool call, or on the message (a delta, streamed) for a text answer. Gemini 3
 * refuses a tool step whose calls come back without theirs (a 400, "Function call is
 * missing a thought_signature"). The codec reads it as a reasoning signature of the
 * OpenAI Chat protocol and writes it back where it came from.
 */
export function googleThoughtSignature(extraContent: unknown): string | undefined {
  if (typeof extraContent !== 'object' || extraContent === null) return undefined;
  const google = (extraContent as { google?: unknown }).google;
  if (typeof google !== 'object' || google === null) return undefined;
  const signature = (google as { thought_signature?: unknown }).thought_signature;
  return typeof signature === 'string' && signature !== '' ? signature : undefined;
}

/** The field as Google's endpoint takes it back. */
export function googleExtraContent(signature: string): { google: { thought_signature: string } } {
  return { google: { thought_signature: signature } };
}

/**
 * OpenRouter carries a model's reasoning in `reasoning_details`: an array of
 * `reasoning.text` (with Claude's signature), `reasoning.summary` and
 * `reasoning.encrypted` (OpenAI's encrypted reasoning, Gemini's thought
 * signatures) items, each with its `format` and `index`. A tool step must send
 * them back unmodified on the assistant message: Claude refuses thinking whose
 * signature is missing, Gemini 3 a call without its thought signature.
 *
 * The codec keeps the array as one reasoning signature of the OpenAI Chat
 * protocol, told apart from Google's own (base64, see google-thought-signature.ts)
 * by its prefix, and writes it back as it came.
 */
export type ReasoningDetail = Record<string, unknown>;

const PREFIX = 'openrouter:';
const TEXT = 'reasoning.text';

/** The details of a message or a delta, or undefined when the field is absent or not an array of typed objects. */
export function readReasoningDetails(value: unknown): ReasoningDetail[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  for (const item of value)
    if (typeof item !== 'object' || item === null || Array.isArray(item) || typeof (item as ReasoningDetail).type !== 'string') return undefined;
  return value as ReasoningDetail[];
}

/**
 * A stream's details added to those before: a `reasoning.text` piece continues
 * the text item before it (its text appended, its signature and format taken
 * when that item has none yet), as OpenRouter's own SDK provider puts them
 * together; any other item is whole.
 */
export function addReasoningDetails(into: ReasoningDetail[], pieces: readonly ReasoningDetail[]): void {
  for (const piece of pieces) {
    const last = into.at(-1);
    if (piece.type !== TEXT || last?.type !== TEXT) {
      into.push({ ...piece });
      continue;
    }
    if (typeof piece.text === 'string') last.text = (typeof last.text === 'string' ? last.text : '') + piece.text;
    if (last.signature == null && piece.signature != null) last.signature = piece.signature;
    if (last.format == null && piece.format != null) last.format = piece.format;
  }
}

/** The readable reasoning of the details (text and summaries), for a reply that sent no plain `reasoning` beside them. */
export function reasoningDetailsText(details: readonly ReasoningDetail[]): string {
  let text = '';
  for (const detail of details) {
    if (detail.type === TEXT && typeof detail.text === 'string') text += detail.text;
    else if (detail.type === 'reasoning.summary' && typeof detail.summary === 'string') text += detail.summary;
  }
  return text;
}

/** The details as a reasoning signature. */
export function openRouterSignature(details: readonly ReasoningDetail[]): string {
  return PREFIX + JSON.stringify(details);
}

/** The details a signature holds, or undefined for any other signature (Google's). */
export function openRouterDetails(signature: string): ReasoningDetail[] | undefined {
  if (!signature.startsWith(PREFIX)) return undefined;
  try {
    return readReasoningDetails(JSON.parse(signature.slice(PREFIX.length)));
  } catch {
    return undefined;
  }
}

/** How the start of a continuation's text relates to the text already sent, once it can be told. */
export type SpliceDecision =
  | { kind: 'undecided' }
  /** Pass the new text on without its first `drop` characters (what repeats the old). */
  | { kind: 'restart' | 'overlap' | 'continuation'; drop: number }
  | { kind: 'diverged'; why: string };

export interface SpliceInput {
  /** The text the caller already has. */
  sent: string;
  /** The continuation's text held back so far. */
  held: string;
  /** Asked with the sent text as a prefill (it should continue), or without one (it answers again from the start). */
  prefilled: boolean;
  /** The whitespace at the end of `sent` that the prefill left out (an upstream may refuse a prefill ending in it). */
  trimmed: string;
  /** Nothing more is coming before a non-text event or the end: decide with what is held. */
  final: boolean;
}

/** An overlap is a suffix of the sent text at least this long that the new text begins with. */
export const MIN_OVERLAP = 5;
/** The longest overlap looked for (the hold-back's bound, apart from a restart's, which repeats only the sent text). */
export const MAX_OVERLAP = 400;
/** A prefilled continuation that repeats this much of the answer's start, then differs, is a restart that diverged. */
export const DIVERGE_AFTER = 6;

const UNDECIDED: SpliceDecision = Object.freeze({ kind: 'undecided' });

/** Characters `a` and `b` (from `bFrom`) have in common at their starts. */
function common(a: string, b: string, bFrom = 0): number {
  const most = Math.min(a.length, b.length - bFrom);
  let at = 0;
  while (at < most && a.charCodeAt(at) === b.charCodeAt(bFrom + at)) at += 1;
  return at;
}

/**
 * Whether the held text restarts the answer (it begins with all of `sent`),
 * overlaps its last words (it begins with a suffix of `sent` of at least
 * MIN_OVERLAP characters, or with the whitespace the prefill left out), or
 * continues it (neither); undecided while the held text could still turn out
 * to be one of the first two. Asked without a prefill, only a restart that
 * repeats `sent` exactly can be spliced; anything else diverged.
 */
export function decideSplice(input: SpliceInput): SpliceDecision {
  const { sent, held, final } = input;
  const start = common(held, sent);
  if (start === sent.length) return { kind: 'restart', drop: sent.length };
  const restartOpen = start === held.length;
  if (!input.prefilled) {
    if (restartOpen && !final) return UNDECIDED;
    return { kind: 'diverged', why: `the new answer differs from the text already sent at character ${start} of ${sent.length}` };
  }
  let overlap = 0;
  let overlapOpen = false;
  for (let length = Math.min(sent.length - 1, MAX_OVERLAP); length >= MIN_OVERLAP; length -= 1) {
    const matched = common(held, sent, sent.length - length);
    if (matched === length) {
      overlap = length;
      break;
    }
    if (matched === held.length) overlapOpen = true;
  }
  const { trimmed } = input;
  if (overlap === 0 && trimmed !== '') {
    const matched = common(held, trimmed);
    if (matched === trimmed.length) overlap = trimmed.length;
    else if (matched === held.length) overlapOpen = true;
  }
  if (!final && (restartOpen || overlapOpen)) return UNDECIDED;
  if (overlap > 0) return { kind: 'overlap', drop: overlap };
  if (start >= Math.min(DIVERGE_AFTER, sent.length)) {
    return { kind: 'diverged', why: `the new answer starts again but differs from the text already sent at character ${start} of ${sent.length}` };
  }
  return { kind: 'continuation', drop: 0 };
}

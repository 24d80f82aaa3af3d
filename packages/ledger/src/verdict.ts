/** What a caller posts to `/bench/verdict`. */
export interface VerdictInput {
  call: string;
  useful: boolean;
  note?: string;
}

export interface Verdict {
  call: string;
  useful: boolean;
  note: string | null;
  time: number;
}

/** A note longer than this (UTF-8 bytes) is refused. */
export const MAX_NOTE_BYTES = 4096;

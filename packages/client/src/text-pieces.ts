/**
 * Pieces joined into one string at a time: a stream held open for minutes keeps its text compact. Small, since
 * every held stream keeps up to this many pieces apart (each a string's header and a slot); the joins copy the
 * text once every 16 pieces, which is little beside decoding them.
 */
const JOIN_EVERY = 16;

/**
 * Streamed text, kept as few strings: the pieces are joined every 16 of them. A short piece kept apart costs a
 * string header and an array slot several times its own characters; a stream that sends a piece a second for an
 * hour would hold 3,600 of them.
 */
export class TextPieces {
  private parts: string[] = [];

  add(piece: string): void {
    this.parts.push(piece);
    if (this.parts.length >= JOIN_EVERY) this.parts = [this.parts.join('')];
  }

  clear(): void {
    this.parts = [];
  }

  /** The text so far, joined once (a later read of the same text costs nothing). */
  toString(): string {
    if (this.parts.length > 1) this.parts = [this.parts.join('')];
    return this.parts[0] ?? '';
  }
}

/** How each response is put on the wire, and what closes the stream. */
export interface Framing {
  /** Text that opens the stream (written on `start`), or ''. */
  open(): string;
  element(json: string): string;
  close(): string;
}

/** `data: <json>` and a blank line per response; nothing closes the stream. */
export class SSEFraming implements Framing {
  open(): string {
    return '';
  }

  element(json: string): string {
    return `data: ${json}\n\n`;
  }

  close(): string {
    return '';
  }
}

/**
 * `[`, the elements, `]`: `[` on `start` (so keep-alive whitespace falls inside
 * the array), each later element after `\n,\r\n`, and `\n]` to close. Readers
 * that parse the array incrementally take it as JSON; readers that split it on
 * `\n,` (as some clients split Google's own) get one whole element a piece.
 */
export class ArrayFraming implements Framing {
  private opened = false;
  private elements = 0;

  open(): string {
    if (this.opened) return '';
    this.opened = true;
    return '[';
  }

  element(json: string): string {
    const before = this.open() + (this.elements > 0 ? '\n,\r\n' : '');
    this.elements += 1;
    return before + json;
  }

  close(): string {
    return `${this.open()}\n]`;
  }
}

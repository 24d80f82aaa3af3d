import { StringDecoder } from 'node:string_decoder';

const BOM = 0xfeff;

/**
 * UTF-8 bytes to text across chunk boundaries, dropping a leading BOM as
 * TextDecoder does. Node's StringDecoder: several times cheaper per chunk
 * than TextDecoder's stream mode.
 */
export class Utf8Text {
  private readonly decoder = new StringDecoder('utf8');
  private started = false;

  write(chunk: Buffer): string {
    return this.first(this.decoder.write(chunk));
  }

  end(): string {
    return this.first(this.decoder.end());
  }

  private first(text: string): string {
    if (this.started || text === '') return text;
    this.started = true;
    return text.charCodeAt(0) === BOM ? text.slice(1) : text;
  }
}

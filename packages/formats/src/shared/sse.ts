import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { MAX_EVENT_CHARS, tooLong } from './max-event';

/** One SSE event as wire text. `data` is written as one line: JSON has no raw newlines. */
export function sseEvent(data: string, event?: string): string {
  return event ? `event: ${event}\ndata: ${data}\n\n` : `data: ${data}\n\n`;
}

/** An SSE comment line: the keep-alive for SSE protocols that have no ping event. */
export const SSE_COMMENT_KEEP_ALIVE = ': keep-alive\n\n';

/**
 * Splits SSE text (in any chunking) into messages, with eventsource-parser.
 * An event (or a line) still unfinished past MAX_EVENT_CHARS throws an
 * InvalidReplyError: a stream that never ends its line must not fill memory.
 */
export function createSSESplitter(): { push(chunk: string): EventSourceMessage[]; end(): EventSourceMessage[] } {
  let out: EventSourceMessage[] = [];
  let overflowed = false;
  const parser = createParser({
    onEvent: (message) => out.push(message),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflowed = true;
    },
    maxBufferSize: MAX_EVENT_CHARS,
  });
  const take = () => {
    if (overflowed) throw tooLong();
    const taken = out;
    out = [];
    return taken;
  };
  return {
    push(chunk) {
      if (!overflowed) parser.feed(chunk);
      return take();
    },
    end() {
      // A last event that ends in a lone `\r` (a line ending SSE allows) is complete: a newline lets the parser see so.
      if (!overflowed) parser.feed('\n');
      parser.reset({ consume: true });
      return take();
    },
  };
}

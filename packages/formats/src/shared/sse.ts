import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One SSE event as wire text. `data` is written as one line: JSON has no raw newlines. */
export function sseEvent(data: string, event?: string): string {
  return event ? `event: ${event}\ndata: ${data}\n\n` : `data: ${data}\n\n`;
}

/** An SSE comment line: the keep-alive for SSE protocols that have no ping event. */
export const SSE_COMMENT_KEEP_ALIVE = ': keep-alive\n\n';

/** Splits SSE text (in any chunking) into messages, with eventsource-parser. */
export function createSSESplitter(): { push(chunk: string): EventSourceMessage[]; end(): EventSourceMessage[] } {
  let out: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => out.push(message) });
  const take = () => {
    const taken = out;
    out = [];
    return taken;
  };
  return {
    push(chunk) {
      parser.feed(chunk);
      return take();
    },
    end() {
      parser.reset({ consume: true });
      return take();
    },
  };
}

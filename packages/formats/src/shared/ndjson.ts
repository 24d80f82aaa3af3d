import { MAX_EVENT_CHARS, tooLong } from './max-event';

/**
 * Splits NDJSON text (in any chunking) into lines, without the newline; blank
 * lines are skipped. Only each new chunk is searched for newlines (a long line
 * arriving in many chunks is not rescanned), and a line still unfinished past
 * MAX_EVENT_CHARS throws an InvalidReplyError.
 */
export function createLineSplitter(): { push(chunk: string): string[]; end(): string[] } {
  let pending: string[] = [];
  let pendingChars = 0;
  const takeLine = (last: string): string => {
    const line = pending.length === 0 ? last : pending.join('') + last;
    pending = [];
    pendingChars = 0;
    return line;
  };
  return {
    push(chunk) {
      const lines: string[] = [];
      let from = 0;
      for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n', from)) {
        const line = takeLine(chunk.slice(from, newline));
        if (line.trim() !== '') lines.push(line);
        from = newline + 1;
      }
      if (from < chunk.length) {
        pending.push(from === 0 ? chunk : chunk.slice(from));
        pendingChars += chunk.length - from;
        if (pendingChars > MAX_EVENT_CHARS) throw tooLong();
      }
      return lines;
    },
    end() {
      const rest = takeLine('').trim();
      return rest ? [rest] : [];
    },
  };
}

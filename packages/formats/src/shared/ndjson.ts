/** Splits NDJSON text (in any chunking) into lines, without the newline; blank lines are skipped. */
export function createLineSplitter(): { push(chunk: string): string[]; end(): string[] } {
  let buffered = '';
  return {
    push(chunk) {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      return lines.filter((line) => line.trim() !== '');
    },
    end() {
      const rest = buffered.trim();
      buffered = '';
      return rest ? [rest] : [];
    },
  };
}

import { describe, expect, it } from 'vitest';
import { InvalidReplyError } from '../errors/invalid-reply-error';
import { MAX_EVENT_CHARS } from './max-event';
import { createLineSplitter } from './ndjson';
import { createSSESplitter } from './sse';

const MIB_OF_X = 'x'.repeat(1024 * 1024);
const overflow = (push: (chunk: string) => unknown) => {
  for (let sent = 0; sent <= MAX_EVENT_CHARS; sent += MIB_OF_X.length) push(MIB_OF_X);
};

describe('createSSESplitter', () => {
  it('ends a last event whose lines end in a lone \\r', () => {
    const splitter = createSSESplitter();
    const data = [...splitter.push('data: a\r\rdata: b\r\r'), ...splitter.end()].map((message) => message.data);
    expect(data).toEqual(['a', 'b']);
  });

  it('refuses an event that never ends past its bound, and keeps refusing', () => {
    const splitter = createSSESplitter();
    splitter.push('data: {"a":"');
    expect(() => overflow((chunk) => splitter.push(chunk))).toThrow(InvalidReplyError);
    expect(() => splitter.push('"}\n\n')).toThrow(/without ending an event/);
  });
});

describe('createLineSplitter', () => {
  it('puts a line split over many chunks together, skips blank lines, and ends a last line without its newline', () => {
    const splitter = createLineSplitter();
    const lines: string[] = [];
    for (const piece of ['{"a"', ':1}\n\n{"b', '":', '2}\r\n', '{"c":3}']) lines.push(...splitter.push(piece));
    lines.push(...splitter.end());
    expect(lines.map((line) => JSON.parse(line))).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it('refuses a line that never ends past its bound', () => {
    const splitter = createLineSplitter();
    splitter.push('{"a":"');
    expect(() => overflow((chunk) => splitter.push(chunk))).toThrow(InvalidReplyError);
  });
});

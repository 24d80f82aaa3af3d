import { describe, expect, it } from 'vitest';
import { Utf8Text } from './utf8-text';

const decodeAll = (parts: Buffer[]): string => {
  const text = new Utf8Text();
  return parts.map((part) => text.write(part)).join('') + text.end();
};

describe('Utf8Text', () => {
  it('joins a character split across chunks, in any chunking', () => {
    const bytes = Buffer.from('data: {"content":"héllo 🌍 世界"}\n\n');
    for (let size = 1; size <= 5; size += 1) {
      const parts: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
      expect(decodeAll(parts)).toBe('data: {"content":"héllo 🌍 世界"}\n\n');
    }
  });

  it('drops a leading BOM, as TextDecoder does, even split byte by byte, and only at the start', () => {
    const bytes = Buffer.from('\uFEFFdata: a\n\n\uFEFF');
    expect(decodeAll([bytes])).toBe(new TextDecoder().decode(bytes));
    expect(decodeAll([...bytes].map((byte) => Buffer.from([byte])))).toBe('data: a\n\n\uFEFF');
  });

  it('replaces a sequence cut off at the end, as TextDecoder does', () => {
    const bytes = Buffer.from([0x61, 0xe4, 0xb8]);
    expect(decodeAll([bytes])).toBe(new TextDecoder().decode(bytes));
  });
});

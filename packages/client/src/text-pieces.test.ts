import { describe, expect, it } from 'vitest';
import { TextPieces } from './text-pieces';

describe('TextPieces', () => {
  it('gives back every piece in order, across the joins it makes as pieces come, and nothing once cleared', () => {
    const pieces = new TextPieces();
    const sent: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      pieces.add(` piece ${i}`);
      sent.push(` piece ${i}`);
      if (i === 10) expect(pieces.toString()).toBe(sent.join('')); // a read part way does not lose what follows
    }
    expect(pieces.toString()).toBe(sent.join(''));
    expect(pieces.toString()).toBe(sent.join(''));
    pieces.clear();
    expect(pieces.toString()).toBe('');
    pieces.add('again');
    expect(pieces.toString()).toBe('again');
  });
});

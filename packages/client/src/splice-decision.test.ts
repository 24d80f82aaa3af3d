import { describe, expect, it } from 'vitest';
import { decideSplice, MAX_OVERLAP, type SpliceInput } from './splice-decision';
import { StreamSplice } from './stream-splice';

const SENT = 'The quick brown fox ';
const decide = (held: string, more: Partial<SpliceInput> = {}) => decideSplice({ sent: SENT, held, prefilled: true, trimmed: ' ', final: false, ...more });

describe('decideSplice', () => {
  it('waits while the new text could still be a restart or an overlap', () => {
    expect(decide('The qu')).toEqual({ kind: 'undecided' });
    expect(decide('brown f')).toEqual({ kind: 'undecided' });
    expect(decide('')).toEqual({ kind: 'undecided' });
  });

  it('a restart begins with all of the sent text: that much is dropped', () => {
    expect(decide('The quick brown fox jumps')).toEqual({ kind: 'restart', drop: SENT.length });
    expect(decide('The quick brown fox ', { prefilled: false })).toEqual({ kind: 'restart', drop: SENT.length });
  });

  it('an overlap begins with a suffix of the sent text of at least a few characters: the longest is dropped', () => {
    expect(decide('brown fox jumps')).toEqual({ kind: 'overlap', drop: 'brown fox '.length });
    expect(decide('wn fox jumps')).toEqual({ kind: 'overlap', drop: 'wn fox '.length });
    // Shorter than MIN_OVERLAP, a repeat cannot be told from a continuation that begins so: it is kept.
    expect(decide('fox jumps')).toEqual({ kind: 'continuation', drop: 0 });
    // The whitespace the prefill left out, given back first.
    expect(decide(' jumps')).toEqual({ kind: 'overlap', drop: 1 });
  });

  it('a continuation is neither: nothing is dropped', () => {
    expect(decide('jumps over')).toEqual({ kind: 'continuation', drop: 0 });
    // Too short to be told from a continuation that happens to begin so.
    expect(decide('x ju', { sent: 'a b x ', trimmed: ' ' })).toEqual({ kind: 'continuation', drop: 0 });
  });

  it('a prefilled member that starts the answer again but differs has diverged', () => {
    expect(decide('The quick red')).toEqual({
      kind: 'diverged',
      why: 'the new answer starts again but differs from the text already sent at character 10 of 20',
    });
  });

  it('without a prefill only an exact restart can be spliced', () => {
    expect(decide('The qu', { prefilled: false })).toEqual({ kind: 'undecided' });
    expect(decide('brown fox jumps', { prefilled: false })).toEqual({
      kind: 'diverged',
      why: 'the new answer differs from the text already sent at character 0 of 20',
    });
    expect(decide('The quick', { prefilled: false, final: true })).toMatchObject({ kind: 'diverged' });
  });

  it('decides with what it holds once nothing more text is coming', () => {
    expect(decide('The qu', { final: true })).toMatchObject({ kind: 'diverged' });
    expect(decide('brown f', { final: true })).toEqual({ kind: 'continuation', drop: 0 });
  });

  it('holds back no more than MAX_OVERLAP characters of a possible overlap', () => {
    const long = `${'a'.repeat(MAX_OVERLAP * 2)}b`;
    const held = 'a'.repeat(MAX_OVERLAP + 10);
    expect(decideSplice({ sent: long, held: `${held}c`, prefilled: true, trimmed: '', final: false })).toMatchObject({ kind: 'diverged' });
    expect(decideSplice({ sent: `x${long}`, held: 'zz', prefilled: true, trimmed: '', final: false })).toEqual({ kind: 'continuation', drop: 0 });
  });
});

describe('StreamSplice', () => {
  it('holds text back, drops the repeat and the new start and reasoning, then passes every event as it came', () => {
    const splice = new StreamSplice(SENT, true, '');
    expect(
      splice.push([
        { type: 'start', id: 'x', model: 'm' },
        { type: 'reasoning-delta', text: 'hm' },
        { type: 'text-delta', text: 'bro' },
      ]),
    ).toEqual([]);
    expect(
      splice.push([
        { type: 'text-delta', text: 'wn fox ' },
        { type: 'text-delta', text: 'jumps' },
      ]),
    ).toEqual([{ type: 'text-delta', text: 'jumps' }]);
    expect(splice.decision).toEqual({ kind: 'overlap', drop: 'brown fox '.length });
    const after = [
      { type: 'reasoning-delta' as const, text: 'late' },
      { type: 'finish' as const, reason: 'stop' as const },
    ];
    expect(splice.push(after)).toEqual(after);
    expect(splice.droppedReasoning).toBe(2);
  });

  it('decides at a finish with what it holds, and hands out nothing once diverged', () => {
    const splice = new StreamSplice(SENT, false, '');
    expect(
      splice.push([
        { type: 'text-delta', text: 'The quick' },
        { type: 'finish', reason: 'stop' },
      ]),
    ).toEqual([]);
    expect(splice.decision?.kind).toBe('diverged');
  });
});

import { describe, expect, it } from 'vitest';
import { Pacer } from './pacer';

describe('Pacer', () => {
  it('allows rpm requests in any 60 s window and says when the next slot frees', () => {
    let now = 1_000_000;
    const pacer = new Pacer(() => now);
    expect(pacer.take('m', 2)).toEqual({ ok: true });
    now += 10_000;
    expect(pacer.take('m', 2)).toEqual({ ok: true });
    now += 5_000;
    expect(pacer.take('m', 2)).toEqual({ ok: false, retryAfterMs: 45_000 });
    now += 45_000;
    expect(pacer.take('m', 2)).toEqual({ ok: true });
    expect(pacer.take('m', 2)).toEqual({ ok: false, retryAfterMs: 10_000 });
  });
  it('paces each alias on its own, and a refusal takes no slot', () => {
    const now = 0;
    const pacer = new Pacer(() => now);
    expect(pacer.take('a', 1).ok).toBe(true);
    expect(pacer.take('a', 1).ok).toBe(false);
    expect(pacer.take('b', 1).ok).toBe(true);
  });
});

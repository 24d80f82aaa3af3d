import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS, layered } from './settings';

describe('layered', () => {
  it('is the base itself with no layer, and the later layer wins key by key (undefined keys do not)', () => {
    expect(layered(DEFAULT_TIMEOUTS)).toBe(DEFAULT_TIMEOUTS);
    expect(layered(DEFAULT_TIMEOUTS, undefined, undefined)).toBe(DEFAULT_TIMEOUTS);
    const out = layered(DEFAULT_TIMEOUTS, { firstTokenMs: 5 }, { firstTokenMs: 7, idleMs: undefined });
    expect(out).toEqual({ ...DEFAULT_TIMEOUTS, firstTokenMs: 7 });
  });

  it('works a frozen layer out once per base, and the answer is frozen too', () => {
    const layer = Object.freeze({ firstTokenMs: 11 });
    const first = layered(DEFAULT_TIMEOUTS, layer);
    expect(first).toEqual({ ...DEFAULT_TIMEOUTS, firstTokenMs: 11 });
    expect(layered(DEFAULT_TIMEOUTS, layer)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const otherBase = { ...DEFAULT_TIMEOUTS, idleMs: 1 };
    expect(layered(otherBase, layer)).toEqual({ ...otherBase, firstTokenMs: 11 });
  });

  it('reads a layer that is not frozen on every call: a change to it is seen', () => {
    const layer: { firstTokenMs?: number } = { firstTokenMs: 11 };
    expect(layered(DEFAULT_TIMEOUTS, layer).firstTokenMs).toBe(11);
    layer.firstTokenMs = 12;
    expect(layered(DEFAULT_TIMEOUTS, layer).firstTokenMs).toBe(12);
  });
});

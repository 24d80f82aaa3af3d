import { describe, expect, it } from 'vitest';
import { member } from './__fixtures__/requests';
import { cutOutput } from './output-budget';

describe('cutOutput', () => {
  const m = member('m', { contextWindow: 10_000, maxOutput: 4_000 });

  it('leaves a budget that fits', () => {
    expect(cutOutput(m, 4_000, 1_000)).toBeUndefined();
    expect(cutOutput(m, undefined, 1_000)).toBeUndefined();
  });

  it('cuts a budget over the member maximum', () => {
    expect(cutOutput(m, 64_000, 1_000)).toEqual({ requested: 64_000, allowed: 4_000, why: 'max-output' });
  });

  it('cuts a budget over what the window leaves after the input', () => {
    expect(cutOutput(m, 4_000, 7_000)).toEqual({ requested: 4_000, allowed: 3_000, why: 'context-window' });
  });
});

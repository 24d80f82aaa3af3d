import { describe, expect, it } from 'vitest';
import { callUnit } from './call-unit';

describe('callUnit', () => {
  it('is the id before its last dot: panel seats and merger share the panel, route calls the conversation', () => {
    expect(['p7.1', 'p7.12', 'p7.merger', 'conv-abc.3', 'a.b.c.4', 'solo', '.x'].map(callUnit)).toEqual(['p7', 'p7', 'p7', 'conv-abc', 'a.b.c', 'solo', '.x']);
  });
});

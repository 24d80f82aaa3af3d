import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('holds at most its capacity, dropping the least recently used', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
  });

  it('peeks without making the entry the most recently used', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.peek('a')).toBe(1);
    map.set('c', 3);
    expect(map.peek('a')).toBeUndefined();
    expect(map.peek('b')).toBe(2);
  });

  it('stays bounded over many more keys than its capacity', () => {
    const map = new LruMap<number, number>(1_000);
    for (let key = 0; key < 50_000; key += 1) map.set(key, key);
    expect(map.size).toBe(1_000);
    expect(map.get(49_000)).toBe(49_000);
    expect(map.get(48_999)).toBeUndefined();
  });
});

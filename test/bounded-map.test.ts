import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../src/bounded-map.js';

describe('BoundedMap', () => {
  it('drops the least recently used entry when one more is set, a read counting as a use', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.get('a')).toBe(1);
    map.set('d', 4);
    expect([map.has('a'), map.has('b'), map.has('c'), map.has('d')]).toEqual([true, false, true, true]);
    expect(map.size).toBe(3);
  });

  it('setting a kept key again replaces its value without dropping another', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3);
    expect([map.get('a'), map.get('b'), map.size]).toEqual([3, 2, 2]);
    map.set('c', 4);
    expect([map.has('a'), map.has('b'), map.has('c')]).toEqual([false, true, true]);
  });

  it('keeps undefined values apart from missing keys, and deletes', () => {
    const map = new BoundedMap<string, number | undefined>(2);
    map.set('a', undefined);
    expect(map.has('a')).toBe(true);
    expect(map.delete('a')).toBe(true);
    expect(map.has('a')).toBe(false);
  });

  it('refuses a limit that holds nothing', () => {
    expect(() => new BoundedMap(0)).toThrow('a bounded map holds at least one entry, not 0');
  });
});

import { describe, expect, it } from 'vitest';
import { offersAssembly } from './church.ts';

describe('offersAssembly', () => {
  const list = [
    { slug: 'grace', label: 'Grace Assembly' },
    { slug: 'hope', label: 'Hope Assembly' },
  ];

  it('offers an assembly on the list, and none that is not (a retired one, none at all)', () => {
    expect(offersAssembly(list, 'hope')).toBe(true);
    expect(offersAssembly(list, 'old-town')).toBe(false);
    expect(offersAssembly(list, '')).toBe(false);
    expect(offersAssembly(list, null)).toBe(false);
    expect(offersAssembly([], 'grace')).toBe(false);
  });
});

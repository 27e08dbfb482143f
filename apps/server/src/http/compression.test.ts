import { describe, expect, it } from 'vitest';
import { negotiate } from './compression';

describe('negotiate', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.4, gzip;q=0.9', 'gzip'],
    ['br;q=0.9, gzip;q=0.9', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['br;q=abc', 'identity'],
    [['gzip', 'br;q=0'], 'gzip'],
  ] as const)('answers %j in %s', (header, expected) => {
    expect(negotiate(header as string | string[] | undefined)).toBe(expected);
  });

  it('answers each header on its own merits however many distinct ones came before', () => {
    for (let i = 0; i < 500; i += 1) {
      expect(negotiate(`gzip;q=0.${i % 10}, br;q=0.5`)).toBe(i % 10 > 5 ? 'gzip' : 'br');
      expect(negotiate(`br;q=0, gzip;q=0.${(i % 9) + 1}, x-${i}`)).toBe('gzip');
    }
    expect(negotiate('gzip, deflate, br')).toBe('br');
  });
});

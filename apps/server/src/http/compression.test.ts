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
});

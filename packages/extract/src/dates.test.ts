import { describe, expect, it } from 'vitest';
import { findDates, parseDate } from './dates';

describe('parseDate', () => {
  it.each([
    ['2025-02-09', 'dmy', '2025-02-09'],
    ['20/11/2017', 'mdy', '2017-11-20'],
    ['11/20/2017', 'dmy', '2017-11-20'],
    ['03/04/2025', 'mdy', '2025-03-04'],
    ['03/04/2025', 'dmy', '2025-04-03'],
    ['06.08.2018', 'mdy', '2018-08-06'],
    ['9 February 2025', 'mdy', '2025-02-09'],
    ['February 9, 2025', 'dmy', '2025-02-09'],
    ['Feb. 9th, 2025', 'dmy', '2025-02-09'],
    ['09-Feb-2025', 'mdy', '2025-02-09'],
    ['9. Februar 2025', 'dmy', '2025-02-09'],
    ['15 octobre 2015', 'dmy', '2015-10-15'],
    ['12 de marzo de 2024', 'dmy', '2024-03-12'],
    ['20/11/17', 'dmy', '2017-11-20'],
  ] as const)('reads %s (%s)', (text, order, expected) => {
    expect(parseDate(text, order)).toBe(expected);
  });

  it('refuses impossible dates and plain numbers', () => {
    expect(parseDate('31/02/2025')).toBeNull();
    expect(parseDate('Order 1234567')).toBeNull();
    expect(parseDate('Tel 03-3362 4395')).toBeNull();
  });

  it('finds every date in order and marks the ambiguous ones', () => {
    const found = findDates('Bill date 03/04/2025, due 2025-05-01');
    expect(found.map((f) => [f.iso, f.ambiguous])).toEqual([
      ['2025-04-03', true],
      ['2025-05-01', false],
    ]);
  });
});

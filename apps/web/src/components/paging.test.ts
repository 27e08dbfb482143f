import { describe, expect, it } from 'vitest';
import { pageCountOf, pageItems } from './paging';

describe('pageItems', () => {
  it('lists every page up to 6 pages', () => {
    expect(pageItems(1, 1, false)).toEqual([1]);
    expect(pageItems(6, 3, false)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('folds more than 6 pages into 1, 2, ... and the last page', () => {
    expect(pageItems(7, 1, false)).toEqual([1, 2, 'ellipsis', 7]);
    expect(pageItems(12, 2, false)).toEqual([1, 2, 'ellipsis', 12]);
    expect(pageItems(12, 12, false)).toEqual([1, 2, 'ellipsis', 12]);
  });

  it('keeps the current page visible when it lies in the folded stretch', () => {
    expect(pageItems(12, 5, false)).toEqual([1, 2, 'ellipsis', 5, 'ellipsis', 12]);
  });

  it('shows every page once the ellipsis was pressed', () => {
    expect(pageItems(8, 1, true)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('page arithmetic', () => {
  it('counts pages of 6 and never fewer than one', () => {
    expect(pageCountOf(0, 6)).toBe(1);
    expect(pageCountOf(6, 6)).toBe(1);
    expect(pageCountOf(7, 6)).toBe(2);
    expect(pageCountOf(40, 6)).toBe(7);
  });
});

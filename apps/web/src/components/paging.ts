/** One slot of the pagination bar: a page number or the '...' that reveals the hidden pages. */
export type PageItem = number | 'ellipsis';

/** More pages than this and the bar folds (SPEC section 2, Pagination). */
export const FOLD_ABOVE = 6;

/**
 * The pages the bar shows. Up to 6 pages: all of them. More: 1, 2, '...', the last page, and the current
 * page between ellipses when it lies in the hidden stretch; `isExpanded` (after '...' was pressed) shows all.
 * @example pageItems(8, 1, false) //=> [1, 2, 'ellipsis', 8]
 * @example pageItems(8, 5, false) //=> [1, 2, 'ellipsis', 5, 'ellipsis', 8]
 */
export function pageItems(pageCount: number, current: number, isExpanded: boolean): PageItem[] {
  const all = Array.from({ length: pageCount }, (_, i) => i + 1);
  if (pageCount <= FOLD_ABOVE || isExpanded) return all;
  if (current > 2 && current < pageCount) return [1, 2, 'ellipsis', current, 'ellipsis', pageCount];
  return [1, 2, 'ellipsis', pageCount];
}

/** Number of pages for `total` items, at least 1. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

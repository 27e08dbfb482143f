import { usePageParam } from './page-param';
import { pageCountOf, pageSlice } from './paging';

const NONE: readonly never[] = [];

/**
 * The current page of `items` (undefined while they load), kept in the URL's `?page=` (see
 * `usePageParam`) and within range once they are known, and when the list shrinks (after a delete, say).
 */
export function usePagedItems<T>(items: readonly T[] | undefined, pageSize: number) {
  const list = items ?? NONE;
  const pageCount = pageCountOf(list.length, pageSize);
  const [page, setPage] = usePageParam(items ? pageCount : null);
  return { page, pageCount, setPage, pageItems: pageSlice(list, page, pageSize) };
}

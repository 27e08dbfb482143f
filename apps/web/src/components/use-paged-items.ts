import { useEffect, useState } from 'react';
import { pageCountOf, pageSlice } from './paging';

/** The current page of `items`, kept within range when the list shrinks (after a delete, say). */
export function usePagedItems<T>(items: readonly T[], pageSize: number) {
  const [page, setPage] = useState(1);
  const pageCount = pageCountOf(items.length, pageSize);
  useEffect(() => {
    if (page > pageCount) setPage(pageCount);
  }, [page, pageCount]);
  const current = Math.min(page, pageCount);
  return { page: current, pageCount, setPage, pageItems: pageSlice(items, current, pageSize) };
}

import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The search parameter that holds a list's page number, e.g. /dashboard/receipts?page=3. */
export const PAGE_PARAM = 'page';

/**
 * The page number a URL asks for: a whole number from 1; anything else (missing, 0, negative, a
 * fraction, words) is page 1.
 * @example parsePageParam('3') //=> 3
 * @example parsePageParam('abc') //=> 1
 */
export function parsePageParam(value: string | null): number {
  const text = value?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return 1;
  return Math.max(1, Number(text));
}

/**
 * The page number as the URL writes it: none for page 1, so a list's plain address is its first page.
 * @example pageParamText(1) //=> null
 */
export function pageParamText(page: number): string | null {
  return page > 1 ? String(page) : null;
}

/**
 * The page of the list shown, kept in the URL's `?page=` so that it survives a reload and the browser's
 * Back and Forward. `pageCount` (null until known) bounds it: a number past the last page shows the last,
 * and the URL is corrected in place, as is a number that is no page at all.
 */
export function usePageParam(pageCount: number | null): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PAGE_PARAM);
  const asked = parsePageParam(raw);
  const page = pageCount === null ? asked : Math.min(asked, Math.max(1, pageCount));

  const write = useCallback(
    (next: number, replace: boolean) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          const text = pageParamText(next);
          if (text === null) updated.delete(PAGE_PARAM);
          else updated.set(PAGE_PARAM, text);
          return updated;
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );

  const isWrittenRight = raw === pageParamText(page);
  const mayCorrect = pageCount !== null || raw !== pageParamText(asked);
  useEffect(() => {
    if (!isWrittenRight && mayCorrect) write(page, true);
  }, [isWrittenRight, mayCorrect, page, write]);

  // A new page is a new entry of the browser's history, so Back returns to the page before.
  const setPage = useCallback((next: number) => write(next, false), [write]);
  return [page, setPage];
}

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  argsKey,
  type CursorAnswer,
  emptyKnown,
  type PageArgs,
  type PageRequest,
  planPage,
  record,
} from './cursor-pages';
import { usePageParam } from './page-param';
import { pageCountOf } from './paging';

/** What the page's query hook (RTK Query's) answers, as far as paging needs it. */
export interface PageQueryState<A> {
  currentData?: A;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  requestId?: string;
}

interface Options<A, P> {
  pageSize: number;
  /** What every request of the list carries besides its place (a provider, filters); new ones start over. */
  params: P;
  /** Asks nothing while true (no provider yet, say). */
  skip?: boolean;
  /** The list's query hook, subscribed to the request of the page shown. */
  usePage: (args: PageArgs & P, options: { skip: boolean }) => PageQueryState<A>;
  /** One request on the way to a far page (not kept subscribed). */
  fetchPage: (args: PageArgs & P) => Promise<A>;
  /** Starts loading a request the next page will show. */
  prefetch: (args: PageArgs & P) => void;
}

interface Shown {
  page: number;
  request: PageRequest;
  offset: number;
}

/** A walk over this many requests means the list keeps changing under it: it gives up. */
const MAX_STEPS = 200;

const firstPage = (pageSize: number): Shown => ({
  page: 1,
  request: { args: { limit: pageSize }, origin: { dir: 'after', page: 1 } },
  offset: 0,
});

/**
 * Page numbers over a list the server pages by cursor (see `cursor-pages.ts`): the page shown is one
 * request (or a slice of one), the next page's request is prefetched, and a far page is walked to. When
 * the request shown is answered again (the list changed: an edit, a delete, a sync), the cursors
 * remembered may fall mid-page, so they are forgotten and the page is found again from the start or the end.
 */
export function useCursorPages<T, A extends CursorAnswer<T>, P extends object = Record<never, never>>({
  pageSize,
  params,
  skip = false,
  usePage,
  fetchPage,
  prefetch,
}: Options<A, P>) {
  const known = useRef(emptyKnown());
  const [shown, setShown] = useState<Shown>(() => firstPage(pageSize));
  const [isWalking, setIsWalking] = useState(false);
  const [walkFailed, setWalkFailed] = useState(false);
  const navigation = useRef(0);
  const total = useRef(0);
  // Other params make another list: what was known of this one's pages does not hold for it.
  const paramsKey = JSON.stringify(params);
  const [shownParams, setShownParams] = useState(paramsKey);
  if (shownParams !== paramsKey) {
    setShownParams(paramsKey);
    known.current = emptyKnown();
    total.current = 0;
    navigation.current += 1;
    setShown(firstPage(pageSize));
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the params' value (its key) is what matters, not its identity
  const withParams = useCallback((args: PageArgs) => ({ ...params, ...args }), [paramsKey]);
  const query = usePage(withParams(shown.request.args), { skip });
  const answer = query.currentData;
  if (answer) total.current = answer.total;
  const pageCount = pageCountOf(total.current, pageSize);
  const latest = useRef<A | undefined>(undefined);
  if (answer) latest.current = answer;
  // The page the URL asks for, bounded once the list's length is known.
  const [urlPage, setUrlPage] = usePageParam(latest.current ? pageCount : null);

  const goTo = useCallback(
    async (target: number) => {
      const id = ++navigation.current;
      setWalkFailed(false);
      for (let step = 0; step < MAX_STEPS; step += 1) {
        const count = pageCountOf(total.current, pageSize);
        const page = Math.min(Math.max(1, target), count);
        const plan = planPage(known.current, page, count, pageSize);
        if (plan.kind === 'show') {
          setIsWalking(false);
          setShown({ page, request: plan.request, offset: plan.offset });
          return;
        }
        setIsWalking(true);
        try {
          const stepAnswer = await fetchPage(withParams(plan.request.args));
          if (id !== navigation.current) return;
          total.current = stepAnswer.total;
          // An answer that does not fit what was remembered: the list changed meanwhile; start afresh.
          if (!record(known.current, plan.request, stepAnswer, pageSize)) known.current = emptyKnown();
        } catch {
          if (id !== navigation.current) return;
          setIsWalking(false);
          setWalkFailed(true);
          return;
        }
      }
      setIsWalking(false);
      setWalkFailed(true);
    },
    [fetchPage, pageSize, withParams],
  );

  // What the answer shown says; the next page's request prefetched; a list changed under us found again.
  const seen = useRef<{ key: string; requestId?: string } | null>(null);
  useEffect(() => {
    if (!answer || query.isFetching) return;
    const key = argsKey(shown.request.args);
    const previous = seen.current;
    seen.current = { key, requestId: query.requestId };
    if (previous?.key === key && previous.requestId !== query.requestId) {
      known.current = emptyKnown();
      // Only an answer counted from either end still falls on page edges.
      const { origin } = shown.request;
      if ((origin.dir === 'after' && origin.page === 1) || origin.dir === 'last')
        record(known.current, shown.request, answer, pageSize);
      void goTo(shown.page);
      return;
    }
    record(known.current, shown.request, answer, pageSize);
    const count = pageCountOf(answer.total, pageSize);
    if (shown.page > count) {
      void goTo(count);
      return;
    }
    if (shown.page < count) {
      const next = planPage(known.current, shown.page + 1, count, pageSize);
      if (next.kind === 'show' && argsKey(next.request.args) !== key) prefetch(withParams(next.request.args));
    }
  }, [answer, query.isFetching, query.requestId, shown, pageSize, goTo, prefetch, withParams]);

  // The rows shown stay those of the last page answered until the next one is.
  const lastShown = useRef<{ page: number; items: readonly T[] }>({ page: 1, items: [] });
  if (answer) {
    lastShown.current = {
      page: shown.page,
      items: answer.items.slice(shown.offset, shown.offset + pageSize),
    };
  }

  // The URL asks for another page (a reload, Back or Forward): walk there once the list's length is known.
  const asked = useRef<number | null>(null);
  const hasAnswer = latest.current !== undefined;
  useEffect(() => {
    if (!hasAnswer || urlPage === shown.page || urlPage === asked.current) return;
    asked.current = urlPage;
    void goTo(urlPage);
  }, [hasAnswer, urlPage, shown.page, goTo]);
  // Until the page the URL first asked for is shown, the list is still loading, not showing page 1.
  const hasArrived = useRef(false);
  hasArrived.current ||= shown.page === urlPage || walkFailed;

  return {
    page: lastShown.current.page,
    pageCount,
    total: total.current,
    items: lastShown.current.items,
    /** The latest answer (its totals and counts), whichever page it came with. */
    answer: latest.current,
    setPage: (page: number) => {
      asked.current = page;
      setUrlPage(page);
      void goTo(page);
    },
    isLoading: query.isLoading || !hasArrived.current,
    isBusy: isWalking || query.isFetching,
    isError: walkFailed || (query.isError && !answer),
  };
}

import type { Purchase, PurchasePage } from '@warrantly/contract/purchases';
import { useCallback } from 'react';
import { useAppDispatch } from '@/app/hooks';
import type { PageArgs } from '@/components/cursor-pages';
import { useCursorPages } from '@/components/use-cursor-pages';
import { purchasesApi, useGetPurchasePageQuery } from './purchases-api';

const NO_PARAMS = {};

/** The purchases, newest first, `pageSize` to a page, each page asked of the server as it is shown. */
export function usePurchasePages(pageSize: number) {
  const dispatch = useAppDispatch();
  const prefetch = purchasesApi.usePrefetch('getPurchasePage');
  const fetchPage = useCallback(
    (args: PageArgs) =>
      dispatch(purchasesApi.endpoints.getPurchasePage.initiate(args, { subscribe: false })).unwrap(),
    [dispatch],
  );
  return useCursorPages<Purchase, PurchasePage>({
    pageSize,
    params: NO_PARAMS,
    usePage: useGetPurchasePageQuery,
    fetchPage,
    prefetch,
  });
}

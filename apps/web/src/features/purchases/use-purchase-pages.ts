import type { Purchase, PurchasePage, PurchaseSort } from '@warrantly/contract/purchases';
import { useCallback } from 'react';
import { useAppDispatch } from '@/app/hooks';
import type { PageArgs } from '@/components/cursor-pages';
import { useCursorPages } from '@/components/use-cursor-pages';
import { purchasesApi, useGetPurchasePageQuery } from './purchases-api';

/** Which list of purchases a table pages through: the server's sort (newest first when absent). */
export type PurchaseListParams = { sort?: PurchaseSort };

const NO_PARAMS: PurchaseListParams = {};

/** The purchases in `params`' order, `pageSize` to a page, each page asked of the server as it is shown. */
export function usePurchasePages(pageSize: number, params: PurchaseListParams = NO_PARAMS) {
  const dispatch = useAppDispatch();
  const prefetch = purchasesApi.usePrefetch('getPurchasePage');
  const fetchPage = useCallback(
    (args: PageArgs) =>
      dispatch(purchasesApi.endpoints.getPurchasePage.initiate(args, { subscribe: false })).unwrap(),
    [dispatch],
  );
  return useCursorPages<Purchase, PurchasePage, PurchaseListParams>({
    pageSize,
    params,
    usePage: useGetPurchasePageQuery,
    fetchPage,
    prefetch,
  });
}

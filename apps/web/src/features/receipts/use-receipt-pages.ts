import type { ReceiptPage, ReceiptSummary } from '@warrantly/contract/receipts';
import { useCallback } from 'react';
import { useAppDispatch } from '@/app/hooks';
import type { PageArgs } from '@/components/cursor-pages';
import { useCursorPages } from '@/components/use-cursor-pages';
import { receiptsApi, useGetReceiptPageQuery } from './receipts-api';

const NO_PARAMS = {};

/** The receipts, newest first, `pageSize` to a page, each page asked of the server as it is shown. */
export function useReceiptPages(pageSize: number) {
  const dispatch = useAppDispatch();
  const prefetch = receiptsApi.usePrefetch('getReceiptPage');
  const fetchPage = useCallback(
    (args: PageArgs) =>
      dispatch(receiptsApi.endpoints.getReceiptPage.initiate(args, { subscribe: false })).unwrap(),
    [dispatch],
  );
  return useCursorPages<ReceiptSummary, ReceiptPage>({
    pageSize,
    params: NO_PARAMS,
    usePage: useGetReceiptPageQuery,
    fetchPage,
    prefetch,
  });
}

import type { Provider } from '@warrantly/contract/auth';
import type { MainProduct, MainProductPage } from '@warrantly/contract/parts';
import { useCallback, useMemo } from 'react';
import { useAppDispatch } from '@/app/hooks';
import type { PageArgs } from '@/components/cursor-pages';
import { useCursorPages } from '@/components/use-cursor-pages';
import { partsApi, useGetMainProductPageQuery } from './parts-api';

/** The provider's main products, `pageSize` to a page, each page asked of the server as it is shown. */
export function useMainProductPages(provider: Provider | null, pageSize: number) {
  const dispatch = useAppDispatch();
  const prefetch = partsApi.usePrefetch('getMainProductPage');
  const fetchPage = useCallback(
    (args: PageArgs & { provider: Provider }) =>
      dispatch(partsApi.endpoints.getMainProductPage.initiate(args, { subscribe: false })).unwrap(),
    [dispatch],
  );
  const params = useMemo(() => ({ provider: provider ?? 'google' }), [provider]);
  return useCursorPages<MainProduct, MainProductPage, { provider: Provider }>({
    pageSize,
    params,
    skip: !provider,
    usePage: useGetMainProductPageQuery,
    fetchPage,
    prefetch,
  });
}

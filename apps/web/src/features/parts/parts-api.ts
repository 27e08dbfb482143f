import type { Provider } from '@warrantly/contract/auth';
import type { MainProductList, MainProductPage, MainProductPageQuery } from '@warrantly/contract/parts';
import { api } from '@/app/api';

/** Each provider's main-product endpoint (SPEC section 7); only the signed-in provider's is called. */
const MAIN_PRODUCT_URL: Record<Provider, string> = {
  google: '/google-auth/google/main-product/',
  microsoft: '/microsoft-auth/main-product/',
};

export const partsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One page of main products with their parts. A server that answers the whole list instead (one that
     * does not page main products) is read as one answer holding every page.
     */
    getMainProductPage: build.query<MainProductPage, MainProductPageQuery & { provider: Provider }>({
      query: ({ provider, ...params }) => ({ url: MAIN_PRODUCT_URL[provider], params }),
      transformResponse: (answer: MainProductPage | MainProductList): MainProductPage =>
        'orders' in answer
          ? { items: answer.orders, next_cursor: null, prev_cursor: null, total: answer.orders.length }
          : answer,
      providesTags: ['Parts'],
    }),
  }),
});

export const { useGetMainProductPageQuery } = partsApi;

import type { Provider } from '@warrantly/contract/auth';
import type { MainProductPage, MainProductPageQuery } from '@warrantly/contract/parts';
import { api } from '@/app/api';

/** Each provider's main-product endpoint (SPEC section 7); only the signed-in provider's is called. */
const MAIN_PRODUCT_URL: Record<Provider, string> = {
  google: '/google-auth/google/main-product/',
  microsoft: '/microsoft-auth/main-product/',
};

export const partsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of main products with their parts. */
    getMainProductPage: build.query<MainProductPage, MainProductPageQuery & { provider: Provider }>({
      query: ({ provider, ...params }) => ({ url: MAIN_PRODUCT_URL[provider], params }),
      providesTags: ['Parts'],
    }),
  }),
});

export const { useGetMainProductPageQuery } = partsApi;

import type { Provider } from '@warrantly/contract/auth';
import type { MainProductList } from '@warrantly/contract/parts';
import { api } from '@/app/api';

/** Each provider's main-product endpoint (SPEC section 7); only the signed-in provider's is called. */
const MAIN_PRODUCT_URL: Record<Provider, string> = {
  google: '/google-auth/google/main-product/',
  microsoft: '/microsoft-auth/main-product/',
};

const partsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMainProducts: build.query<MainProductList, Provider>({
      query: (provider) => MAIN_PRODUCT_URL[provider],
      providesTags: ['Parts'],
    }),
  }),
});

export const { useGetMainProductsQuery } = partsApi;

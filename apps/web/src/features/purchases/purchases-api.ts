import type {
  ActiveWarrantyCount,
  Purchase,
  PurchasePage,
  PurchasePageQuery,
  TotalPrice,
} from '@warrantly/contract/purchases';
import { api, PURCHASE_DATA_TAGS } from '@/app/api';

export const purchasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the list, searched, filtered and sorted by the server (`limit` 1-100 rows). */
    getPurchasePage: build.query<PurchasePage, PurchasePageQuery>({
      query: (params) => ({ url: '/api/v1/user-orders/', params }),
      providesTags: ['Purchase'],
    }),
    getTotalPrice: build.query<TotalPrice, void>({
      query: () => '/api/v1/user-orders/total-price/',
      providesTags: ['Totals'],
    }),
    getActiveWarrantyCount: build.query<ActiveWarrantyCount, void>({
      query: () => '/api/v1/user-orders/active-warranty-count/',
      providesTags: ['Totals'],
    }),
    /** Multipart: product_name, purchase_date, shop_name, price, warranty_expire_date, warranty_status, invoice. */
    createPurchase: build.mutation<Purchase, FormData>({
      query: (body) => ({ url: '/api/v1/orders/create/', method: 'POST', body }),
      invalidatesTags: PURCHASE_DATA_TAGS,
    }),
    /** Multipart and partial: only the fields sent change; the file part is `invoice_pdf`. */
    updatePurchase: build.mutation<Purchase, { id: number; body: FormData }>({
      query: ({ id, body }) => ({ url: `/api/v1/user-orders/update/${id}/`, method: 'PUT', body }),
      invalidatesTags: PURCHASE_DATA_TAGS,
    }),
    deletePurchase: build.mutation<void, number>({
      query: (id) => ({ url: `/api/v1/user-delete-order/${id}/`, method: 'DELETE' }),
      invalidatesTags: PURCHASE_DATA_TAGS,
    }),
  }),
});

export const {
  useGetPurchasePageQuery,
  useGetTotalPriceQuery,
  useGetActiveWarrantyCountQuery,
  useCreatePurchaseMutation,
  useUpdatePurchaseMutation,
  useDeletePurchaseMutation,
} = purchasesApi;

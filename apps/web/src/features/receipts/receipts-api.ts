import type { ReceiptDetail, ReceiptList } from '@warrantly/contract/receipts';
import { api, PURCHASE_DATA_TAGS } from '@/app/api';

const receiptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReceipts: build.query<ReceiptList, void>({
      query: () => '/api/v1/invoice/',
      providesTags: ['Receipt'],
    }),
    /** `orderId` is the receipt's `order_id`, not the purchase id. */
    getReceipt: build.query<ReceiptDetail, string>({
      query: (orderId) => `/api/v1/invoice/${encodeURIComponent(orderId)}/`,
      providesTags: ['Receipt'],
    }),
    deleteReceipt: build.mutation<void, string>({
      query: (orderId) => ({
        url: `/api/v1/invoice/${encodeURIComponent(orderId)}/delete/`,
        method: 'DELETE',
      }),
      invalidatesTags: PURCHASE_DATA_TAGS,
    }),
  }),
});

export const { useGetReceiptsQuery, useGetReceiptQuery, useDeleteReceiptMutation } = receiptsApi;

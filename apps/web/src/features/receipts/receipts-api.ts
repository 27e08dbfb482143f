import type { Purchase } from '@warrantly/contract/purchases';
import type { ReceiptDetail, ReceiptPage, ReceiptPageQuery } from '@warrantly/contract/receipts';
import { api, PURCHASE_DATA_TAGS } from '@/app/api';

export const receiptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the receipts, newest first, with the list's counts. */
    getReceiptPage: build.query<ReceiptPage, ReceiptPageQuery>({
      query: (params) => ({ url: '/api/v1/invoice/', params }),
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
    /**
     * Sends a photo of a paper receipt to be read: its purchases, or [] when none was found. A server too
     * busy to take it now (503) gets it again after its Retry-After, as every call does.
     */
    scanReceipt: build.mutation<Purchase[], File>({
      query: (photo) => {
        const body = new FormData();
        body.append('file', photo);
        return { url: '/api/v1/receipt-photo/', method: 'POST', body };
      },
      invalidatesTags: PURCHASE_DATA_TAGS,
    }),
    /**
     * Lifts the rejection of a file uploaded again (the review inbox's Restore, asked from the upload): the
     * file can then be uploaded and read.
     */
    restoreRejectedUpload: build.mutation<void, string>({
      query: (restoreId) => ({ url: '/api/v1/review/restore/', method: 'POST', body: { ids: [restoreId] } }),
      invalidatesTags: PURCHASE_DATA_TAGS,
    }),
  }),
});

export const {
  useGetReceiptPageQuery,
  useGetReceiptQuery,
  useDeleteReceiptMutation,
  useScanReceiptMutation,
  useRestoreRejectedUploadMutation,
} = receiptsApi;

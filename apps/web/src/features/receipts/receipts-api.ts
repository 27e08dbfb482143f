import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import type { Purchase } from '@warrantly/contract/purchases';
import type { ReceiptDetail, ReceiptPage, ReceiptPageQuery } from '@warrantly/contract/receipts';
import { api, PURCHASE_DATA_TAGS } from '@/app/api';
import { retryAfterMs } from '@/app/token-refresh';

/** A busy server (503) is sent the photo again after its Retry-After this many times, as PDF uploads are. */
const BUSY_RETRIES = 3;
/** The longest wait for a busy server between two tries, whatever its Retry-After says. */
const BUSY_WAIT_MAX_MS = 30_000;

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
     * busy to take it now (503) gets it again after its Retry-After, a few times.
     */
    scanReceipt: build.mutation<Purchase[], File>({
      async queryFn(photo, _api, _extra, baseQuery) {
        const send = () => {
          const body = new FormData();
          body.append('file', photo);
          return baseQuery({ url: '/api/v1/receipt-photo/', method: 'POST', body });
        };
        let result = await send();
        for (let tries = 0; result.error?.status === 503 && tries < BUSY_RETRIES; tries += 1) {
          const meta = result.meta as FetchBaseQueryMeta | undefined;
          const header = meta?.response?.headers.get('retry-after') ?? null;
          const wait = retryAfterMs(header, Date.now()) ?? 5000;
          await new Promise((resolve) => setTimeout(resolve, Math.min(wait, BUSY_WAIT_MAX_MS)));
          result = await send();
        }
        return result.error ? { error: result.error } : { data: result.data as Purchase[] };
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

import type {
  EmailView,
  PurchaseDocumentList,
  RestoreBody,
  ReviewActionResult,
  ReviewBulkBody,
  ReviewCount,
  ReviewInbox,
  ReviewSettings,
} from '@warrantly/contract/review';
import { api, PURCHASE_DATA_TAGS } from '@/app/api';

/**
 * The inbox and its count are read again whenever purchases change (a sync, an upload, an edit: they
 * all invalidate 'Purchase'), and an action on the inbox changes what the lists, totals and receipts show.
 */
const INBOX_TAGS = ['Review', 'Purchase'] as const;
const AFTER_ACTION = ['Review', ...PURCHASE_DATA_TAGS] as const;

// The tag is this feature's own, added here so the shared API slice needs no change for it.
export const reviewApi = api.enhanceEndpoints({ addTagTypes: ['Review'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The purchases waiting, oldest first, and the rejections of the last 30 days. */
    getReviewInbox: build.query<ReviewInbox, void>({
      query: () => '/api/v1/review/',
      providesTags: [...INBOX_TAGS],
    }),
    /** How many wait: the sidebar's badge and the overview's notice. */
    getReviewCount: build.query<ReviewCount, void>({
      query: () => '/api/v1/review/count/',
      providesTags: [...INBOX_TAGS],
    }),
    acceptReview: build.mutation<ReviewActionResult, ReviewBulkBody>({
      query: (body) => ({ url: '/api/v1/review/accept/', method: 'POST', body }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    rejectReview: build.mutation<ReviewActionResult, ReviewBulkBody>({
      query: (body) => ({ url: '/api/v1/review/reject/', method: 'POST', body }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    acceptOne: build.mutation<ReviewActionResult, string>({
      query: (orderId) => ({ url: `/api/v1/review/${encodeURIComponent(orderId)}/accept/`, method: 'POST' }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    rejectOne: build.mutation<ReviewActionResult, string>({
      query: (orderId) => ({ url: `/api/v1/review/${encodeURIComponent(orderId)}/reject/`, method: 'POST' }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    restoreRejected: build.mutation<ReviewActionResult, RestoreBody>({
      query: (body) => ({ url: '/api/v1/review/restore/', method: 'POST', body }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    /** Whether purchases waiting count in the totals: the totals change with it. */
    updateReviewSettings: build.mutation<ReviewSettings, ReviewSettings>({
      query: (body) => ({ url: '/api/v1/review/settings/', method: 'PUT', body }),
      invalidatesTags: ['Review', 'Totals'],
    }),
    getPurchaseDocuments: build.query<PurchaseDocumentList, string>({
      query: (orderId) => `/api/v1/purchases/${encodeURIComponent(orderId)}/documents/`,
      providesTags: ['Receipt'],
    }),
    /** A kept e-mail's headers, text and HTML as sent; it never changes, so nothing invalidates it. */
    getEmailView: build.query<EmailView, number>({
      query: (documentId) => `/api/v1/documents/${documentId}/email/`,
    }),
  }),
});

/** The bytes of a stored document (a PDF, a photo, an .eml), fetched with the bearer token. */
export const documentFileUrl = (documentId: number) => `/api/v1/documents/${documentId}/file/`;

export const {
  useGetReviewInboxQuery,
  useGetReviewCountQuery,
  useAcceptReviewMutation,
  useRejectReviewMutation,
  useAcceptOneMutation,
  useRejectOneMutation,
  useRestoreRejectedMutation,
  useUpdateReviewSettingsMutation,
  useGetPurchaseDocumentsQuery,
  useGetEmailViewQuery,
} = reviewApi;

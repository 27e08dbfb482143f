import type { Provider } from '@warrantly/contract/auth';
import type { SyncSummary } from '@warrantly/contract/mail-sync';
import { api, PURCHASE_DATA_TAGS } from '@/app/api';

/** Each provider's mailbox sync (SPEC section 7); only the signed-in provider's is ever called. */
const SYNC_URL: Record<Provider, string> = {
  google: '/google-auth/google/sync/',
  microsoft: '/microsoft-auth/warranty-sync/',
};

const mailSyncApi = api.injectEndpoints({
  endpoints: (build) => ({
    syncMailbox: build.mutation<SyncSummary, Provider>({
      query: (provider) => ({ url: SYNC_URL[provider], method: 'GET' }),
      invalidatesTags: PURCHASE_DATA_TAGS,
    }),
  }),
});

export const { useSyncMailboxMutation } = mailSyncApi;

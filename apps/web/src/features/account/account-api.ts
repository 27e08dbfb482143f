import type { AccountInfo } from '@warrantly/contract/account';
import type { LearnedList } from '@warrantly/contract/memory';
import type { Settings, SettingsUpdate } from '@warrantly/contract/reminders';
import { api } from '@/app/api';

// The tag is this feature's own, added here so the shared API slice needs no change for it.
const accountApi = api.enhanceEndpoints({ addTagTypes: ['Account', 'Learned'] }).injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<AccountInfo, void>({
      query: () => '/api/v1/account/',
      providesTags: ['Account'],
    }),
    disconnectMailbox: build.mutation<AccountInfo, void>({
      query: () => ({ url: '/api/v1/account/disconnect/', method: 'POST' }),
      // The answer is the account as it now stands: no second request needed.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(accountApi.util.upsertQueryData('getAccount', undefined, data));
      },
    }),
    // The user's settings route: the Reminders page reads the same one for its lead time. Saving a new
    // default currency re-reads every price typed without one, so totals and lists change with it.
    getAccountSettings: build.query<Settings, void>({
      query: () => '/api/v1/settings/',
      providesTags: ['Settings'],
    }),
    updateAccountSettings: build.mutation<Settings, SettingsUpdate>({
      query: (body) => ({ url: '/api/v1/settings/', method: 'PUT', body }),
      invalidatesTags: ['Settings', 'Event', 'Purchase', 'Totals', 'Receipt'],
    }),
    // What the user's corrections taught: learned on an accept or an edit, so read afresh on each visit.
    getLearned: build.query<LearnedList, void>({
      query: () => '/api/v1/memory/',
      providesTags: ['Learned'],
    }),
    forgetLearned: build.mutation<void, number>({
      query: (id) => ({ url: `/api/v1/memory/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Learned'],
    }),
    deleteAccount: build.mutation<void, void>({
      query: () => ({ url: '/api/v1/account/', method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetAccountQuery,
  useDisconnectMailboxMutation,
  useDeleteAccountMutation,
  useGetAccountSettingsQuery,
  useUpdateAccountSettingsMutation,
  useGetLearnedQuery,
  useForgetLearnedMutation,
} = accountApi;

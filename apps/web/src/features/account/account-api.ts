import type { AccountInfo } from '@warrantly/contract/account';
import { api } from '@/app/api';

// The tag is this feature's own, added here so the shared API slice needs no change for it.
const accountApi = api.enhanceEndpoints({ addTagTypes: ['Account'] }).injectEndpoints({
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
    deleteAccount: build.mutation<void, void>({
      query: () => ({ url: '/api/v1/account/', method: 'DELETE' }),
    }),
  }),
});

export const { useGetAccountQuery, useDisconnectMailboxMutation, useDeleteAccountMutation } = accountApi;

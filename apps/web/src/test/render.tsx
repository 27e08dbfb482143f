import { render } from '@testing-library/react';
import type { Provider } from '@warrantly/contract/auth';
import type { ReactElement } from 'react';
import { Provider as StoreProvider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { signedIn } from '@/app/auth-slice';
import { makeStore } from '@/app/store';

/** Renders `ui` inside a fresh store and router, signed in with `provider` unless it is null. */
export function renderSignedIn(
  ui: ReactElement,
  { provider = 'google' }: { provider?: Provider | null } = {},
) {
  const { store } = makeStore();
  if (provider) {
    store.dispatch(
      signedIn({
        accessToken: 'access',
        refreshToken: 'refresh',
        user: { name: 'Avery Quinn', email: 'avery.quinn@example.com', profile_picture: '' },
        provider,
      }),
    );
  }
  return {
    store,
    ...render(
      <StoreProvider store={store}>
        <MemoryRouter>{ui}</MemoryRouter>
      </StoreProvider>,
    ),
  };
}

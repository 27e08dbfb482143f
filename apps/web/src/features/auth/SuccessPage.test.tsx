import { render, screen } from '@testing-library/react';
import { Provider as StoreProvider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/app/session';
import { makeStore } from '@/app/store';
import { GoogleSuccessPage } from './SuccessPage';

/** Arrives on the Google success page with tokens in the address; the refresh endpoint answers `status`. */
function arriveWithRefreshAnswer(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ detail: 'no' }), { status, headers: { 'retry-after': '5' } }),
    ),
  );
  localStorage.setItem(storageKeys.loginProvider, 'google');
  const { store } = makeStore();
  render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={['/google/success?access_token=a&refresh_token=r&name=A&email=a%40b.c']}>
        <GoogleSuccessPage />
      </MemoryRouter>
    </StoreProvider>,
  );
}

describe('SuccessPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says the link expired when the server refuses its refresh token', async () => {
    arriveWithRefreshAnswer(401);
    expect(await screen.findByText('This sign-in link has expired or was already used.')).toBeVisible();
  });

  it('asks to try again, not that the link expired, when the server is busy', async () => {
    arriveWithRefreshAnswer(429);
    expect(
      await screen.findByText('Warrantly is busy or could not be reached. Please sign in again in a moment.'),
    ).toBeVisible();
    expect(screen.queryByText(/has expired/)).toBeNull();
  });
});

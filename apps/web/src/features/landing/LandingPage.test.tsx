import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LandingPage } from './LandingPage';

function renderLanding(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/', state }]}>
      <LandingPage />
    </MemoryRouter>,
  );
}

describe('LandingPage', () => {
  it('sends a signed-out visitor to /login with Get Started', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Track Every Purchase, Never Miss a Warranty',
    );
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
  });

  it('sends a signed-in user to /dashboard with Go to Dashboard', () => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem('refreshToken', 'r');
    renderLanding();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says the account was deleted, and offers no dashboard even before the storage is cleared', () => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem('refreshToken', 'r');
    renderLanding({ notice: 'account-deleted' });
    expect(screen.getByRole('status')).toHaveTextContent('Your account was deleted.');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('has no notice on an ordinary visit', () => {
    renderLanding();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('follows another tab ending the session', () => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem('refreshToken', 'r');
    renderLanding();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(screen.getByRole('link', { name: 'Get Started' })).toBeVisible();
  });

  it('has the Home logo, the six features and a footer with the spec links and this year', () => {
    const { container } = renderLanding();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(6);
    const footer = container.querySelector('footer') as HTMLElement;
    const hrefs = [...footer.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/privarcy', '/terms', '/feedback']));
    expect(hrefs.filter((h) => h?.startsWith('https://'))).toHaveLength(3);
    expect(footer).toHaveTextContent(String(new Date().getFullYear()));
  });
});

import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { AppRoutes, preloadRoutes } from './router';

function renderAt(path: string) {
  let navigate: NavigateFunction | undefined;
  function CaptureNavigate() {
    navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <CaptureNavigate />
    </MemoryRouter>,
  );
  return (to: string) => act(() => void navigate?.(to));
}

describe('routes', () => {
  it('renders a page whose code was preloaded, and then the page navigated to', async () => {
    await preloadRoutes(paths.terms);
    const navigate = renderAt(paths.terms);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();

    await navigate(paths.privacy);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy & Policy' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Terms & Conditions' })).toBeNull();
  });
});

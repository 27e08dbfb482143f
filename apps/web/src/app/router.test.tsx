import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { AppRoutes, preloadRoutes } from './router';

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      Go to {to}
    </button>
  );
}

describe('routes', () => {
  it('renders a page whose code was preloaded, and then the page navigated to', async () => {
    await preloadRoutes(paths.terms);
    render(
      <MemoryRouter initialEntries={[paths.terms]}>
        <AppRoutes />
        <GoTo to={paths.privacy} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `Go to ${paths.privacy}` }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy & Policy' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Terms & Conditions' })).toBeNull();
  });
});

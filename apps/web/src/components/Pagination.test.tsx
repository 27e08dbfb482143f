import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pagination } from './Pagination';

function Harness({ pageCount }: { pageCount: number }) {
  const [page, setPage] = useState(1);
  return <Pagination page={page} pageCount={pageCount} onChange={setPage} />;
}

const pageButtons = () =>
  screen
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((t) => t !== '');

describe('Pagination', () => {
  it('shows 1, 2, ... and the last page past 6 pages, and every page after ... is pressed', async () => {
    render(<Harness pageCount={9} />);
    expect(pageButtons()).toEqual(['1', '2', '...', '9']);
    await userEvent.click(screen.getByRole('button', { name: 'Show all pages' }));
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('moves with the arrows and marks the current page', async () => {
    render(<Harness pageCount={3} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('is not shown for a single page', () => {
    render(<Harness pageCount={1} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

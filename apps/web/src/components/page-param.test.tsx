import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageParamText, parsePageParam, usePageParam } from './page-param';

describe('parsePageParam', () => {
  it('reads a whole page number from 1', () => {
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam(' 12 ')).toBe(12);
    expect(parsePageParam('007')).toBe(7);
  });

  it('takes anything that is no page number as page 1', () => {
    for (const junk of [null, '', '0', '-2', '2.5', 'abc', '3abc', '1e3', '9999999999']) {
      expect(parsePageParam(junk)).toBe(1);
    }
  });

  it('writes no parameter for page 1', () => {
    expect(pageParamText(1)).toBeNull();
    expect(pageParamText(4)).toBe('4');
  });
});

function Probe({ pageCount }: { pageCount: number | null }) {
  const [page, setPage] = usePageParam(pageCount);
  return (
    <button type="button" onClick={() => setPage(page + 1)}>
      page {page}
    </button>
  );
}

function renderAt(url: string, pageCount: number | null) {
  const router = createMemoryRouter([{ path: '/list', element: <Probe pageCount={pageCount} /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('usePageParam', () => {
  it('shows the page the URL asks for, and a new page is a new history entry', async () => {
    const router = renderAt('/list?page=2', 5);
    expect(screen.getByRole('button')).toHaveTextContent('page 2');
    await act(async () => screen.getByRole('button').click());
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByRole('button')).toHaveTextContent('page 3');
    await act(async () => router.navigate(-1));
    expect(screen.getByRole('button')).toHaveTextContent('page 2');
  });

  it('shows the last page for a number past it, and corrects the URL in place', async () => {
    const router = renderAt('/list?page=40&sort=new', 4);
    expect(screen.getByRole('button')).toHaveTextContent('page 4');
    await act(async () => undefined);
    expect(router.state.location.search).toBe('?page=4&sort=new');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('drops a junk number from the URL, and leaves a far number alone until the length is known', async () => {
    const junk = renderAt('/list?page=abc', null);
    await act(async () => undefined);
    expect(junk.state.location.search).toBe('');
    expect(screen.getByRole('button')).toHaveTextContent('page 1');
  });

  it('keeps a far page while the list is still loading', async () => {
    const router = renderAt('/list?page=9', null);
    await act(async () => undefined);
    expect(router.state.location.search).toBe('?page=9');
    expect(screen.getByRole('button')).toHaveTextContent('page 9');
  });
});

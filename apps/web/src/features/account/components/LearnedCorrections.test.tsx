import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LearnedEntry } from '@warrantly/contract/memory';
import { afterEach, describe, expect, it } from 'vitest';
import { servePage } from '@/test/page-server';
import { renderSignedIn } from '@/test/render';
import { LearnedCorrections } from './LearnedCorrections';

let server: Awaited<ReturnType<typeof servePage>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const alias: LearnedEntry = {
  id: 7,
  kind: 'alias',
  field: 'merchant',
  value: 'Oakridge',
  keyed_by: 'Mail from hello@oakridge-outfitters.example',
  uses: 2,
  dropped: false,
  updated_at: '2026-11-20T10:00:00.000Z',
};
const dropped: LearnedEntry = {
  ...alias,
  id: 8,
  value: null,
  keyed_by: 'Tax or registration number …6789',
  uses: 0,
  dropped: true,
};

describe('Learned from your corrections', () => {
  it('lists what was learned, says what is no longer used, and forgets an entry', async () => {
    let entries = [alias, dropped];
    server = await servePage((request) => {
      if (request.method === 'DELETE' && request.path === '/api/v1/memory/7/') {
        entries = entries.filter((e) => e.id !== 7);
        return { status: 204 };
      }
      return { status: 200, json: { entries } };
    });
    renderSignedIn(<LearnedCorrections />);

    expect(await screen.findByText('Shop name: Oakridge')).toBeInTheDocument();
    expect(screen.getByText(/Mail from hello@oakridge-outfitters\.example · 2 times/)).toBeInTheDocument();
    expect(screen.getByText('Not used: your corrections for it disagreed')).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', {
        name: 'Forget Shop name: Oakridge (Mail from hello@oakridge-outfitters.example)',
      }),
    );

    await waitFor(() => expect(screen.queryByText('Shop name: Oakridge')).not.toBeInTheDocument());
    expect(server.at('/api/v1/memory/7/')).toHaveLength(1);
  });

  it('says what it is for when nothing was learned yet', async () => {
    server = await servePage(() => ({ status: 200, json: { entries: [] } }));
    renderSignedIn(<LearnedCorrections />);
    expect(await screen.findByText(/Nothing yet\. When you correct the shop/)).toBeInTheDocument();
  });
});

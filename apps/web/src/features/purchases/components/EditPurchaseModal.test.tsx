import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Purchase } from '@warrantly/contract/purchases';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '@/test/render';
import { EditPurchaseModal } from './EditPurchaseModal';

const BLENDER: Purchase = {
  id: 7,
  order_id: 'WL-1',
  product_name: 'Blender',
  shop_name: 'Kitchen Hub',
  purchase_date: '2026-05-01',
  price: '€ 49,90',
  warranty_expire_date: '2028-05-01',
  warranty_status: 'Active',
  status: 'manual',
  category: null,
  amount: 49.9,
  currency: 'EUR',
  has_currency: true,
  order_total: null,
  source: 'manual',
  warranty_estimated: false,
  parent_id: null,
  replace_every_days: null,
  store_link: null,
  has_file: false,
  review_state: null,
};

describe('EditPurchaseModal', () => {
  afterEach(() => vi.restoreAllMocks());

  // The server's own field errors (an amount that is not money) are shown the same way: e2e/specs/money.spec.ts.
  it('says a warranty ending before the purchase is wrong before anything is sent', async () => {
    const { store } = renderSignedIn(
      <EditPurchaseModal purchase={{ ...BLENDER, warranty_expire_date: '2026-04-30' }} onClose={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update Purchase' }));
    expect(screen.getByText('Warranty date cannot be before the purchase date')).toBeInTheDocument();
    // No update was started: the API slice holds no mutation.
    expect(Object.keys(store.getState().api.mutations)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Edit Purchase' })).toBeInTheDocument();
  });
});

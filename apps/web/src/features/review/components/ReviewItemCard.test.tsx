import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Purchase } from '@warrantly/contract/purchases';
import type { ReviewItem } from '@warrantly/contract/review';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '@/test/render';
import { ReviewItemCard } from './ReviewItemCard';

const LINE: Purchase = {
  id: 11,
  order_id: 'BL-1',
  product_name: 'Aurora 14 laptop',
  shop_name: 'Brigthline',
  purchase_date: '2026-10-02',
  price: '$1,299.00',
  warranty_expire_date: null,
  warranty_status: 'No_Warranty',
  status: 'partial',
  category: null,
  amount: 1299,
  currency: 'USD',
  has_currency: true,
  order_total: '$1,299.00',
  source: 'gmail',
  warranty_estimated: false,
  parent_id: null,
  replace_every_days: null,
  store_link: null,
  has_file: true,
  review_state: 'pending',
};

const ITEM: ReviewItem = {
  order_id: 'BL-1',
  channel: 'gmail',
  created_at: '2026-11-20T10:00:00.000Z',
  reasons: [
    {
      field: 'merchant',
      code: 'low_confidence',
      message: 'The merchant was read with low confidence (41 %)',
    },
  ],
  fields: [
    {
      field: 'merchant',
      value: 'Brigthline',
      confidence: 0.41,
      needs_review: true,
      reason: 'The merchant was read with low confidence (41 %)',
    },
    { field: 'total', value: '$1,299.00', confidence: 0.97, needs_review: false, reason: null },
  ],
  lines: [LINE],
  documents: [],
};

function renderCard(overrides: Partial<Parameters<typeof ReviewItemCard>[0]> = {}) {
  const props = {
    item: ITEM,
    isSelected: false,
    onSelect: vi.fn(),
    onAccept: vi.fn(),
    onReject: vi.fn(),
    onEdit: vi.fn(),
    isBusy: false,
    ...overrides,
  };
  renderSignedIn(
    <ul>
      <ReviewItemCard {...props} />
    </ul>,
  );
  return props;
}

describe('ReviewItemCard', () => {
  it('shows each field with its confidence, the field to check marked with its reason', () => {
    renderCard();
    const fields = within(screen.getByRole('region', { name: 'What was read for Brigthline' }));
    const [merchant, total] = fields.getAllByRole('listitem');
    expect(merchant).toHaveTextContent('Check: Merchant');
    expect(merchant).toHaveTextContent('41 % sure');
    expect(merchant).toHaveTextContent('The merchant was read with low confidence (41 %)');
    expect(total).toHaveTextContent('$1,299.00');
    expect(total).toHaveTextContent('97 % sure');
    expect(total).not.toHaveTextContent('Check:');
    expect(screen.getByText('1 field to check')).toBeInTheDocument();
  });

  it('is operated with the keyboard alone: select, accept, edit the line, reject', async () => {
    const props = renderCard();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Select Brigthline' })).toHaveFocus();
    await user.keyboard(' ');
    expect(props.onSelect).toHaveBeenCalledWith(true);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Accept Brigthline' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(props.onAccept).toHaveBeenCalledTimes(1);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(props.onEdit).toHaveBeenCalledWith(LINE);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Reject Brigthline' })).toHaveFocus();
    await user.keyboard(' ');
    expect(props.onReject).toHaveBeenCalledTimes(1);
  });

  it('says when no source document was kept', () => {
    renderCard();
    expect(screen.getByText('No source document was kept for this purchase.')).toBeInTheDocument();
  });
});

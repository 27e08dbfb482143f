import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '@/test/render';
import { ManualPurchaseModal } from './ManualPurchaseModal';

describe('ManualPurchaseModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('requires a product name and a date before anything is sent', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderSignedIn(<ManualPurchaseModal onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Manual Purchase' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Purchase' }));
    expect(screen.getByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByText('Date is required')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps the dialog focus inside and closes on Escape', async () => {
    const onClose = vi.fn();
    renderSignedIn(<ManualPurchaseModal onClose={onClose} />);
    expect(screen.getByRole('textbox', { name: 'Product name*' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('has a read-only date field and a PDF-only file picker', () => {
    renderSignedIn(<ManualPurchaseModal onClose={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Purchase date*' })).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Invoice/)).toHaveAttribute('accept', 'application/pdf');
  });
});

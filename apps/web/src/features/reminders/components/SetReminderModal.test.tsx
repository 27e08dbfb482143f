import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/Toasts';
import { renderSignedIn } from '@/test/render';
import { SetReminderModal } from './SetReminderModal';

function renderModal(provider: 'google' | null) {
  return renderSignedIn(
    <>
      <SetReminderModal onClose={vi.fn()} />
      <Toasts />
    </>,
    { provider },
  );
}

describe('SetReminderModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names its submit button exactly "Add" and no other button uses the word', () => {
    renderModal('google');
    const dialog = screen.getByRole('dialog', { name: 'Set Reminders' });
    const names = [...dialog.querySelectorAll('button')].map(
      (b) => b.getAttribute('aria-label') ?? b.textContent,
    );
    expect(names.filter((n) => n?.includes('Add'))).toEqual(['Add']);
    expect(screen.getByRole('button', { name: 'Add' })).toHaveAttribute('type', 'submit');
  });

  it('shows both field errors, submits nothing, and clears an error when its field is edited', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderModal('google');
    await userEvent.type(screen.getByPlaceholderText('Product name*'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByText('Date is required')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();

    await userEvent.type(screen.getByPlaceholderText('Product name*'), 'Water filter');
    expect(screen.queryByText('Product name is required')).toBeNull();
    expect(screen.getByText('Date is required')).toBeInTheDocument();
  });

  it('opens the date picker from the read-only Date field and fills the chosen day', async () => {
    renderModal('google');
    const date = screen.getByPlaceholderText('Date*');
    expect(date).toHaveAttribute('readonly');
    await userEvent.click(date);
    const now = new Date();
    await userEvent.click(screen.getByRole('button', { name: '15' }));
    const month = String(now.getMonth() + 1).padStart(2, '0');
    expect(date).toHaveValue(`${now.getFullYear()}-${month}-15`);
  });

  it("says 'No valid provider found!' and sends nothing without a provider", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderModal(null);
    await userEvent.type(screen.getByPlaceholderText('Product name*'), 'Water filter');
    await userEvent.click(screen.getByPlaceholderText('Date*'));
    await userEvent.click(screen.getByRole('button', { name: '15' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const toast = await screen.findByText('No valid provider found!');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-center');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteAccountDialog } from './DeleteAccountDialog';

function renderDialog() {
  const onConfirm = vi.fn();
  render(
    <DeleteAccountDialog
      email="Avery.Quinn@example.com"
      providerLabel="Google"
      isWorking={false}
      onConfirm={onConfirm}
      onClose={vi.fn()}
    />,
  );
  return { onConfirm, field: screen.getByLabelText('Type your e-mail address to confirm') };
}

describe('DeleteAccountDialog', () => {
  it('says what is deleted and that it cannot be undone', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    for (const text of ['purchases', 'receipt files', 'reminders', 'calendar events this app made']) {
      expect(dialog).toHaveTextContent(text);
    }
    expect(dialog).toHaveTextContent('This cannot be undone.');
  });

  it('deletes only once the e-mail address is typed, in any case', async () => {
    const { onConfirm, field } = renderDialog();
    const button = screen.getByRole('button', { name: 'Delete my account' });
    expect(button).toBeDisabled();
    await userEvent.type(field, 'avery.quinn@example.co');
    expect(button).toBeDisabled();
    await userEvent.type(field, '{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(field, 'm ');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackPage } from './FeedbackPage';

describe('FeedbackPage', () => {
  it('clears the form and thanks the user without sending anything', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(
      <MemoryRouter>
        <FeedbackPage />
      </MemoryRouter>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await userEvent.type(name, 'Avery');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'avery@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Lovely');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(screen.getByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(name).toHaveValue('');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

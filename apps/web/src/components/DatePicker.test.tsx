import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './DatePicker';

const today = new Date(2026, 10, 22);

describe('DatePicker', () => {
  it('opens on the current month when no date is chosen, days of other months not buttons', () => {
    render(<DatePicker value="" onSelect={vi.fn()} onClose={vi.fn()} today={today} />);
    const dialog = screen.getByRole('dialog', { name: 'November 2026' });
    // November 2026 has 30 days; the grid's December days are plain text.
    expect(within(dialog).getByRole('button', { name: '30' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '31' })).toBeNull();
  });

  it("opens on the chosen date's month and picks a day as YYYY-MM-DD", async () => {
    const onSelect = vi.fn();
    render(<DatePicker value="2025-02-10" onSelect={onSelect} onClose={vi.fn()} today={today} />);
    const dialog = screen.getByRole('dialog', { name: 'February 2025' });
    expect(within(dialog).getByRole('button', { name: '10' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: '28' }));
    expect(onSelect).toHaveBeenCalledWith('2025-02-28');
  });

  it('keeps one dropdown open at a time and offers 11 years', async () => {
    render(<DatePicker value="" onSelect={vi.fn()} onClose={vi.fn()} today={today} />);
    const yearButton = screen.getByRole('button', { name: /Select Year/ });
    const monthButton = screen.getByRole('button', { name: /Select Month/ });
    await userEvent.click(yearButton);
    const years = within(screen.getByRole('list', { name: 'Years' })).getAllByRole('button');
    expect(years.map((b) => b.textContent)).toEqual([
      '2021',
      '2022',
      '2023',
      '2024',
      '2025',
      '2026',
      '2027',
      '2028',
      '2029',
      '2030',
      '2031',
    ]);
    await userEvent.click(monthButton);
    expect(screen.queryByRole('list', { name: 'Years' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Months' })).getAllByRole('button')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'March' }));
    expect(screen.getByRole('dialog', { name: 'March 2026' })).toBeInTheDocument();
  });

  it('closes on a press outside', async () => {
    const onClose = vi.fn();
    const { baseElement } = render(
      <DatePicker value="" onSelect={vi.fn()} onClose={onClose} today={today} />,
    );
    const backdrop = baseElement.querySelector('.fixed') as HTMLElement;
    await userEvent.pointer({ keys: '[MouseLeft]', target: backdrop });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape from a focused day, and a press inside keeps it open', async () => {
    const onClose = vi.fn();
    render(<DatePicker value="" onSelect={vi.fn()} onClose={onClose} today={today} />);
    expect(screen.getByRole('button', { name: '22' })).toHaveFocus();
    await userEvent.click(screen.getByRole('heading', { name: 'November 2026' }));
    expect(onClose).not.toHaveBeenCalled();
    screen.getByRole('button', { name: '22' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

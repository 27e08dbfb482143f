import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarEvent } from '@warrantly/contract/reminders';
import { describe, expect, it } from 'vitest';
import { MonthCalendar } from './MonthCalendar';

const event = (summary: string, date: string): CalendarEvent => ({
  id: summary,
  title: summary,
  summary,
  description: null,
  start: { date },
  end: { date },
});

// The 12 month names from January as Intl's en-US format writes them: a table of the app's own would
// only be compared with itself.
const ENGLISH_MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Date(2026, month, 1).toLocaleString('en-US', { month: 'long' }),
);

describe('MonthCalendar', () => {
  const today = new Date(2026, 10, 22);

  it('offers 11 years and the 12 months in native selects', () => {
    render(<MonthCalendar events={[]} today={today} />);
    const years = screen.getByRole('combobox', { name: 'Select Year' });
    const months = screen.getByRole('combobox', { name: 'Select Month' });
    expect(years.querySelectorAll('option')).toHaveLength(11);
    expect(years).toHaveValue('2026');
    expect([...months.querySelectorAll('option')].map((o) => o.textContent)).toEqual(ENGLISH_MONTHS);
  });

  it('colours chips by start date: red before today, yellow today, green later', () => {
    render(
      <MonthCalendar
        events={[
          event('Old filter', '2026-11-21'),
          event('Today filter', '2026-11-22'),
          event('Next filter', '2026-11-23'),
        ]}
        today={today}
      />,
    );
    expect(screen.getByText('Old filter')).toHaveAttribute('data-chip-color', 'red');
    expect(screen.getByText('Today filter')).toHaveAttribute('data-chip-color', 'yellow');
    expect(screen.getByText('Next filter')).toHaveAttribute('data-chip-color', 'green');
  });

  it('shows another month when chosen', async () => {
    render(<MonthCalendar events={[event('Spring service', '2027-03-15')]} today={today} />);
    expect(screen.queryByText('Spring service')).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Select Year' }), '2027');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Select Month' }), 'March');
    expect(screen.getByRole('heading', { name: 'March 2027' })).toBeInTheDocument();
    expect(screen.getByText('Spring service')).toBeInTheDocument();
  });

  it('says which month it shows when another is chosen, to fetch its events', async () => {
    const shown: [number, number][] = [];
    render(<MonthCalendar events={[]} today={today} onMonthChange={(y, m) => shown.push([y, m])} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Select Year' }), '2027');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Select Month' }), 'March');
    expect(shown).toEqual([
      [2027, 10],
      [2027, 2],
    ]);
  });

  it('counts the events of a day beyond the chips it shows', () => {
    render(
      <MonthCalendar
        events={[event('Filter A', '2026-11-25'), event('Filter B', '2026-11-25')]}
        moreByDay={{ '2026-11-25': 4, '2026-12-01': 2 }}
        today={today}
      />,
    );
    const tile = document.querySelector('li[data-date="2026-11-25"]') as HTMLElement;
    expect(tile).toHaveTextContent('Filter A');
    expect(tile).toHaveTextContent('+4 more');
    // Another month's count is not shown in this one's grid.
    expect(screen.queryByText('+2 more')).toBeNull();
  });
  it('names the product on a chip, the kind of reminder in its accessible name and tooltip', () => {
    const warranty: CalendarEvent = {
      ...event('Warranty ends 2027-01-15: Aurora 14 laptop', '2026-11-25'),
      reminder: { kind: 'warranty', product_name: 'Aurora 14 laptop', repeat_every_days: null },
    };
    const unknown = event('Dentist', '2026-11-26');
    render(<MonthCalendar events={[warranty, unknown]} today={today} />);
    const chip = screen.getByTitle('Warranty ends: Aurora 14 laptop');
    expect(chip).toHaveTextContent(/^Warranty ends: Aurora 14 laptop$/);
    expect(chip.querySelector('.sr-only')).toHaveTextContent('Warranty ends:');
    expect(screen.getByTitle('Dentist')).toHaveTextContent(/^Dentist$/);
  });
});

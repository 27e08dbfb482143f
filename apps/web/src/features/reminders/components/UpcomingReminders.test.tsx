import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarEvent } from '@warrantly/contract/reminders';
import { describe, expect, it } from 'vitest';
import { UpcomingReminders } from './UpcomingReminders';

const allDay = (summary: string, date: string, end: string): CalendarEvent => ({
  id: summary,
  title: summary,
  summary,
  description: null,
  start: { date },
  end: { date: end },
});

describe('UpcomingReminders', () => {
  it('lists future reminders soonest first with their urgency label and colour', () => {
    const now = new Date(2026, 10, 22, 10);
    render(
      <UpcomingReminders
        now={now}
        events={[
          allDay('In a week', '2026-11-29', '2026-11-30'),
          allDay('Gone', '2026-11-10', '2026-11-11'),
          allDay('Today one', '2026-11-22', '2026-11-23'),
          allDay('Far', '2026-12-22', '2026-12-23'),
        ]}
      />,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Today one'),
      expect.stringContaining('In a week'),
      expect.stringContaining('Far'),
    ]);
    expect(items[0]).toHaveTextContent('Today');
    expect(items[0]).toHaveAttribute('data-urgency', 'red');
    expect(items[1]).toHaveTextContent('In 7 days');
    expect(items[1]).toHaveAttribute('data-urgency', 'yellow');
    expect(items[2]).toHaveTextContent('In 30 days');
    expect(items[2]).toHaveAttribute('data-urgency', 'green');
  });

  it('offers later reminders when there are more than it holds', async () => {
    const now = new Date(2026, 10, 22, 10);
    const events = [allDay('Soon', '2026-11-24', '2026-11-25')];
    let asked = 0;
    const { rerender } = render(
      <UpcomingReminders now={now} events={events} onShowMore={() => (asked += 1)} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more reminders' }));
    expect(asked).toBe(1);
    rerender(<UpcomingReminders now={now} events={events} />);
    expect(screen.queryByRole('button', { name: 'Show more reminders' })).toBeNull();
  });
  it('says how often a recurring reminder comes back', () => {
    const now = new Date(2026, 10, 22, 10);
    const brushes: CalendarEvent = {
      ...allDay('Replace: Replacement brush heads 4-pack', '2026-12-30', '2026-12-31'),
      recurringEventId: 'brushes',
      reminder: { kind: 'part', product_name: 'Replacement brush heads 4-pack', repeat_every_days: 90 },
    };
    render(<UpcomingReminders now={now} events={[brushes]} />);
    const [item] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(item).toHaveTextContent('2026-12-30 · every 90 days');
  });
});

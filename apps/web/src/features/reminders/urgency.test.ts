import type { CalendarEvent } from '@warrantly/contract/reminders';
import { describe, expect, it } from 'vitest';
import { chipColor, daysUntilEvent, upcomingEvents, urgencyLabel, urgencyOf } from './urgency';

const allDay = (id: string, date: string, endExclusive: string): CalendarEvent => ({
  id,
  title: id,
  summary: id,
  description: null,
  start: { date },
  end: { date: endExclusive },
});

describe('urgency', () => {
  it('is red up to 3 days, yellow from 4 to 7, green beyond', () => {
    expect(urgencyOf(0)).toBe('red');
    expect(urgencyOf(1)).toBe('red');
    expect(urgencyOf(3)).toBe('red');
    expect(urgencyOf(4)).toBe('yellow');
    expect(urgencyOf(7)).toBe('yellow');
    expect(urgencyOf(8)).toBe('green');
  });

  it('rounds part days up before judging', () => {
    expect(urgencyOf(3.01)).toBe('yellow');
    expect(urgencyOf(7.5)).toBe('green');
    expect(urgencyLabel(0.2)).toBe('In 1 day');
  });

  it("labels 0 days 'Today' and otherwise 'In N day(s)'", () => {
    expect(urgencyLabel(0)).toBe('Today');
    expect(urgencyLabel(1)).toBe('In 1 day');
    expect(urgencyLabel(3)).toBe('In 3 days');
    expect(urgencyLabel(4)).toBe('In 4 days');
    expect(urgencyLabel(7)).toBe('In 7 days');
    expect(urgencyLabel(8)).toBe('In 8 days');
  });
});

describe('daysUntilEvent', () => {
  const now = new Date(2026, 10, 22, 15, 30);

  it("counts an all-day reminder dated today as 0 ('Today'), though its end is tomorrow", () => {
    expect(daysUntilEvent(allDay('a', '2026-11-22', '2026-11-23'), now)).toBe(0);
    expect(daysUntilEvent(allDay('b', '2026-11-23', '2026-11-24'), now)).toBe(1);
  });

  it("counts to a multi-day event's last day", () => {
    expect(daysUntilEvent(allDay('c', '2026-11-25', '2026-11-28'), now)).toBe(5);
  });

  it('counts a timed event to the day its end falls on', () => {
    const timed: CalendarEvent = {
      ...allDay('d', '2026-11-24', '2026-11-25'),
      start: { dateTime: '2026-11-24T09:00:00' },
      end: { dateTime: '2026-11-24T10:00:00' },
    };
    expect(daysUntilEvent(timed, now)).toBe(2);
  });
});

describe('upcomingEvents', () => {
  it('keeps events that end now or later, soonest end first', () => {
    const now = new Date(2026, 10, 22, 12);
    const events = [
      allDay('later', '2026-12-01', '2026-12-02'),
      allDay('past', '2026-11-20', '2026-11-21'),
      allDay('today', '2026-11-22', '2026-11-23'),
      allDay('soon', '2026-11-24', '2026-11-25'),
    ];
    expect(upcomingEvents(events, now).map((e) => e.id)).toEqual(['today', 'soon', 'later']);
  });
});

describe('chipColor', () => {
  const today = new Date(2026, 10, 22, 9);

  it('is red before today, yellow today and green after', () => {
    expect(chipColor(new Date(2026, 10, 21, 23, 59), today)).toBe('red');
    expect(chipColor(new Date(2026, 10, 22, 0, 0), today)).toBe('yellow');
    expect(chipColor(new Date(2026, 10, 22, 23, 0), today)).toBe('yellow');
    expect(chipColor(new Date(2026, 10, 23), today)).toBe('green');
  });
});

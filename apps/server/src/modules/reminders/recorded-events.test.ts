import { describe, expect, it } from 'vitest';
import { narrowEvents } from './event-window';
import { occurrenceDays, type RecordedReminder, recordedEvents } from './recorded-events';

const reminder = (id: string, date: string, everyDays: number | null): RecordedReminder => ({
  id,
  title: id,
  description: '',
  date,
  everyDays,
  info: { kind: everyDays ? 'part' : 'custom', product_name: id, repeat_every_days: everyDays },
});

describe('occurrenceDays', () => {
  it('repeats in the units the calendar event repeats in (90 days are three months there)', () => {
    expect(occurrenceDays('2026-01-10', 90, '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-10',
      '2026-04-10',
      '2026-07-10',
      '2026-10-10',
    ]);
    expect(occurrenceDays('2026-01-10', 45, '2026-01-01', '2026-04-01')).toEqual([
      '2026-01-10',
      '2026-02-24',
    ]);
    expect(occurrenceDays('2026-01-31', 30, '2026-01-01', '2026-06-01')).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
    ]);
    expect(occurrenceDays('2024-02-29', 365, '2024-01-01', '2029-01-01')).toEqual([
      '2024-02-29',
      '2028-02-29',
    ]);
    expect(occurrenceDays('2026-03-01', 14, '2026-03-10', '2026-04-01')).toEqual([
      '2026-03-15',
      '2026-03-29',
    ]);
  });

  it('keeps a one-off reminder only inside the window, its end excluded', () => {
    expect(occurrenceDays('2026-05-01', null, '2026-05-01', '2026-05-02')).toEqual(['2026-05-01']);
    expect(occurrenceDays('2026-05-01', null, '2026-05-02', '2026-06-01')).toEqual([]);
    expect(occurrenceDays('2026-05-01', null, '2026-04-01', '2026-05-01')).toEqual([]);
  });
});

describe('recordedEvents and recurring=next', () => {
  const events = recordedEvents(
    [reminder('brushes', '2026-12-30', 90), reminder('kettle', '2026-12-05', null)],
    '2026-11-22',
    '2028-01-01',
  );

  it('lists each occurrence in Google’s shape, sorted by start, tied to its series', () => {
    expect(events.map((e) => [e.id, e.start.date, e.end.date, e.recurringEventId])).toEqual([
      ['kettle', '2026-12-05', '2026-12-06', undefined],
      ['brushes_20261230', '2026-12-30', '2026-12-31', 'brushes'],
      ['brushes_20270330', '2027-03-30', '2027-03-31', 'brushes'],
      ['brushes_20270630', '2027-06-30', '2027-07-01', 'brushes'],
      ['brushes_20270930', '2027-09-30', '2027-10-01', 'brushes'],
      ['brushes_20271230', '2027-12-30', '2027-12-31', 'brushes'],
    ]);
  });

  it('keeps a recurring event once, at its next occurrence, before the limit counts', () => {
    const next = narrowEvents(events, { recurring: 'next', limit: 2 });
    expect(next.events.map((e) => e.id)).toEqual(['kettle', 'brushes_20261230']);
    expect(next.has_more).toBe(false);
    expect(narrowEvents(events, { limit: 2 }).has_more).toBe(true);
  });
});

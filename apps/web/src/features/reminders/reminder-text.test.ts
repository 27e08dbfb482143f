import type { CalendarEvent } from '@warrantly/contract/reminders';
import { describe, expect, it } from 'vitest';
import { failedReminderText, keptReminderText } from './reminder-form';
import { reminderKindLabel, reminderName, repeatText } from './reminder-text';

const part: CalendarEvent = {
  id: 'p',
  title: 'Replace: Brush heads',
  summary: 'Replace: Brush heads',
  description: null,
  start: { date: '2026-12-30' },
  end: { date: '2026-12-31' },
  reminder: { kind: 'part', product_name: 'Brush heads', repeat_every_days: 90 },
};

describe('reminder texts', () => {
  it('names the product and the kind where Warrantly knows them, else the event text', () => {
    expect(reminderName(part)).toBe('Brush heads');
    expect(reminderKindLabel(part)).toBe('Replace');
    const { reminder: _none, ...foreign } = part;
    expect(reminderName(foreign)).toBe('Replace: Brush heads');
    expect(reminderKindLabel(foreign)).toBeNull();
  });

  it('says how often a reminder repeats', () => {
    expect(repeatText(90)).toBe('every 90 days');
    expect(repeatText(1)).toBe('every day');
    expect(repeatText(null)).toBeNull();
  });

  it("keeps the spec's failure toast and adds the server's reason", () => {
    expect(failedReminderText(null)).toBe('Failed to add reminder!');
    expect(failedReminderText('Google Calendar did not accept the request; try again later')).toBe(
      'Failed to add reminder! Google Calendar did not accept the request; try again later',
    );
    expect(keptReminderText('microsoft')).toContain('Outlook calendar once you sign in again');
  });
});

import rrulePkg from 'rrule';

const { rrulestr } = rrulePkg;

/**
 * The days (YYYY-MM-DD) an all-day event starting on `startDate` falls on between two instants, with an
 * RFC 5545 rule (`RRULE:FREQ=MONTHLY;INTERVAL=6`) or once without one. At most `limit` days.
 */
export function occurrences(
  startDate: string,
  rule: string | null,
  from: Date,
  to: Date,
  limit = 2500,
): string[] {
  const start = new Date(`${startDate}T00:00:00Z`);
  if (!rule) return start >= new Date(from.getTime() - 86_400_000) && start < to ? [startDate] : [];
  const parsed = rrulestr(
    `DTSTART:${startDate.replaceAll('-', '')}T000000Z\n${rule.startsWith('RRULE:') ? rule : `RRULE:${rule}`}`,
  );
  const days: string[] = [];
  parsed.between(new Date(from.getTime() - 86_400_000), to, true, (date) => {
    days.push(date.toISOString().slice(0, 10));
    return days.length < limit;
  });
  return days;
}

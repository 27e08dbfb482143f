import { describe, expect, it } from 'vitest';
import {
  calendarDaysBetween,
  formatDateTime,
  MONTH_NAMES,
  monthGrid,
  parseIsoDate,
  toIsoDate,
  yearOptions,
} from './dates';

describe('toIsoDate', () => {
  it('writes a local date as YYYY-MM-DD with zero padding (the en-CA format the API takes)', () => {
    expect(toIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(toIsoDate(new Date(2031, 11, 31, 23, 59))).toBe('2031-12-31');
  });

  it("writes what the seed's en-CA locale format writes, on every day of a leap year", () => {
    for (let day = new Date(2028, 0, 1); day.getFullYear() === 2028; day.setDate(day.getDate() + 1)) {
      const seed = day.toLocaleDateString('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
      expect(toIsoDate(day)).toBe(seed);
    }
  });

  it('round-trips through parseIsoDate', () => {
    expect(toIsoDate(parseIsoDate('2028-02-29') as Date)).toBe('2028-02-29');
  });
});

describe('parseIsoDate', () => {
  it('refuses impossible and malformed dates', () => {
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('05/01/2026')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
  });
});

describe('year and month lists', () => {
  it('offers the current year -5 to +5, 11 entries', () => {
    const years = yearOptions(new Date(2026, 10, 22));
    expect(years).toHaveLength(11);
    expect(years[0]).toBe(2021);
    expect(years[10]).toBe(2031);
  });

  it('names the 12 months from January', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(MONTH_NAMES[0]).toBe('January');
    expect(MONTH_NAMES[11]).toBe('December');
  });
});

describe('monthGrid', () => {
  it('fills whole weeks from Sunday with the neighbouring months marked', () => {
    // November 2026 starts on a Sunday and has 30 days: 5 weeks, 5 days of December at the end.
    const grid = monthGrid(2026, 10);
    expect(grid).toHaveLength(35);
    expect(toIsoDate(grid[0]?.date as Date)).toBe('2026-11-01');
    expect(grid.filter((c) => c.isInMonth)).toHaveLength(30);
    expect(grid.at(-1)?.isInMonth).toBe(false);
  });

  it('starts with the previous month when the 1st is mid-week', () => {
    // January 2026 starts on a Thursday: Sunday to Wednesday belong to December.
    const grid = monthGrid(2026, 0);
    expect(grid.slice(0, 4).every((c) => !c.isInMonth)).toBe(true);
    expect(toIsoDate(grid[4]?.date as Date)).toBe('2026-01-01');
  });
});

describe('calendarDaysBetween', () => {
  it('counts calendar days whatever the time of day', () => {
    expect(calendarDaysBetween(new Date(2026, 10, 22, 23, 30), new Date(2026, 10, 23, 0, 10))).toBe(1);
    expect(calendarDaysBetween(new Date(2026, 10, 22, 8), new Date(2026, 10, 22, 20))).toBe(0);
    expect(calendarDaysBetween(new Date(2026, 10, 22), new Date(2026, 10, 19))).toBe(-3);
  });
});

describe('formatDateTime', () => {
  it('writes the local date as YYYY-MM-DD and the time as 24-hour HH:mm', () => {
    expect(formatDateTime(new Date(2026, 10, 26, 13, 24, 41))).toBe('2026-11-26 13:24');
    expect(formatDateTime(new Date(2027, 0, 2, 0, 5))).toBe('2027-01-02 00:05');
    expect(formatDateTime(new Date(2027, 0, 2, 23, 59, 59))).toBe('2027-01-02 23:59');
  });

  it("reads the server's ISO timestamps in the browser's time zone", () => {
    const stamp = '2026-11-26T13:24:41.000Z';
    expect(formatDateTime(stamp)).toBe(formatDateTime(new Date(stamp)));
    expect(formatDateTime(stamp)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('gives null for a timestamp that is no date', () => {
    expect(formatDateTime('yesterday-ish')).toBeNull();
  });
});

import { MONTH_NAMES } from './lexicon';

/** Order of day and month in numeric dates: from the document's locale signals, when they say. */
export type DateOrder = 'dmy' | 'mdy';

const MONTHS: Record<string, number> = {};
MONTH_NAMES.forEach((names, m) => {
  for (const name of names) MONTHS[name] = m + 1;
});
const MONTH_WORD = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += y >= 70 ? 1900 : 2000;
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface FoundDate {
  iso: string;
  index: number;
  raw: string;
  /** True when day and month could have been read either way (03/04/2025). */
  ambiguous: boolean;
}

const PATTERNS: {
  re: RegExp;
  read: (m: RegExpExecArray, order: DateOrder) => { iso: string | null; ambiguous: boolean };
}[] = [
  // 2025-02-09, 2025/02/09, 2025.02.09
  {
    re: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g,
    read: (m) => ({ iso: iso(+m[1]!, +m[2]!, +m[3]!), ambiguous: false }),
  },
  // 9 February 2025, 9. Februar 2025, 09-Feb-2025, 12 de marzo de 2024, 9th Feb 2025
  {
    re: new RegExp(
      `\\b(\\d{1,2})(?:st|nd|rd|th|er|\\.)?[\\s\\-/]*(?:de\\s+)?(${MONTH_WORD})\\.?[\\s\\-/,]*(?:de\\s+)?(\\d{4}|\\d{2})\\b`,
      'giu',
    ),
    read: (m) => ({ iso: iso(+m[3]!, MONTHS[m[2]!.toLowerCase()] ?? 0, +m[1]!), ambiguous: false }),
  },
  // February 9, 2025 / Feb 9 2025 / Feb. 9th, 2025
  {
    re: new RegExp(`\\b(${MONTH_WORD})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'giu'),
    read: (m) => ({ iso: iso(+m[3]!, MONTHS[m[1]!.toLowerCase()] ?? 0, +m[2]!), ambiguous: false }),
  },
  // 20/11/2017, 03/04/2025, 06.08.2018, 15-10-2015, 20/11/17
  {
    re: /\b(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})\b/g,
    read: (m, order) => {
      const a = +m[1]!;
      const b = +m[3]!;
      const y = +m[4]!;
      if (a > 12 && b <= 12) return { iso: iso(y, b, a), ambiguous: false };
      if (b > 12 && a <= 12) return { iso: iso(y, a, b), ambiguous: false };
      // A dot between the parts is a European date in every locale that writes one.
      const useOrder = m[2] === '.' ? 'dmy' : order;
      return { iso: useOrder === 'dmy' ? iso(y, b, a) : iso(y, a, b), ambiguous: a !== b };
    },
  },
];

/**
 * Every date written in `text`, in order of appearance, in US, European, ISO and textual forms.
 * `order` resolves numeric dates like 03/04/2025 whose day and month could be swapped.
 * @example findDates('Ordered 9 Feb 2025, shipped 2025-02-11')[1].iso //=> '2025-02-11'
 */
export function findDates(text: string, order: DateOrder = 'dmy'): FoundDate[] {
  // Every form holds digits: a line without any (most of a body) skips the month-name scans.
  if (!/\d/.test(text)) return [];
  const found: FoundDate[] = [];
  // Characters already read as part of a date: a later pattern's match over any of them is dropped.
  // Marking them costs what the matches cover, so many dates on one line stay linear.
  const taken = new Uint8Array(text.length);
  const overlaps = (start: number, end: number) => taken.subarray(start, end).includes(1);
  for (const { re, read } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlaps(start, end)) continue;
      const { iso: value, ambiguous } = read(m, order);
      if (!value) continue;
      taken.fill(1, start, end);
      found.push({ iso: value, index: start, raw: m[0], ambiguous });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * The first date in `text` as YYYY-MM-DD, or null.
 * @example parseDate('03/04/2025', 'mdy') //=> '2025-03-04'
 * @example parseDate('03/04/2025', 'dmy') //=> '2025-04-03'
 */
export function parseDate(text: string, order: DateOrder = 'dmy'): string | null {
  return findDates(text, order)[0]?.iso ?? null;
}

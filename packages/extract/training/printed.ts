/**
 * Whether a label's value is printed in a document's text: the test behind `printed.*` for the documents
 * whose corpus records no `checks.*_in_text` (the development corpus; the silver dates). A field is scored
 * only where it is printed, so these are generous about format (any common rendering of a date or an
 * amount) and strict about boundaries (a date or amount must not run into other digits).
 */

/** Lower case, accents stripped, whitespace runs as one space: the form every search reads. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** True when `needle` occurs in `hay` with no digit touching it on either side (nor "1,5" style runs). */
function occursAlone(hay: string, needle: string): boolean {
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) {
    const before = hay[at - 1];
    const after = hay[at + needle.length];
    const beforeRun = (before === '.' || before === ',') && isDigit(hay[at - 2]);
    const afterRun = (after === '.' || after === ',') && isDigit(hay[at + needle.length + 1]);
    if (!isDigit(before) && !isDigit(after) && !beforeRun && !afterRun) return true;
  }
  return false;
}

/** The merchant (or one of its aliases) appears in the text, case, accents and spacing aside. */
export function namePrinted(names: (string | null | undefined)[], text: string): boolean {
  const hay = foldText(text);
  return names.some((n) => {
    const needle = n ? foldText(n).trim() : '';
    return needle.length > 0 && hay.includes(needle);
  });
}

const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'id', 'ms'];

const monthCache = new Map<number, string[]>();

/** Month names (long, short, three-letter) in the locales the corpora are written in, folded. */
function monthNames(month: number): string[] {
  const cached = monthCache.get(month);
  if (cached) return cached;
  const day = new Date(Date.UTC(2000, month - 1, 15));
  const names = new Set<string>();
  for (const locale of LOCALES) {
    for (const width of ['long', 'short'] as const) {
      const name = foldText(new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' }).format(day));
      const bare = name.replace(/\.$/, '');
      names.add(bare);
      names.add(bare.slice(0, 3));
    }
  }
  monthCache.set(month, [...names]);
  return [...names];
}

/** Every common rendering of an ISO date: numeric day-first, month-first and year-first, and named months. */
export function dateRenderings(iso: string): string[] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return [];
  const [, yyyy, mm, dd] = match as unknown as [string, string, string, string];
  const years = [yyyy, yyyy.slice(2)];
  const days = [...new Set([dd, String(Number(dd))])];
  const months = [...new Set([mm, String(Number(mm))])];
  const out = new Set<string>([`${yyyy}${mm}${dd}`]);
  for (const sep of ['.', '/', '-', ' ', ' - ', ' / ', ' . ']) {
    for (const d of days)
      for (const m of months) {
        out.add(`${yyyy}${sep}${m}${sep}${d}`);
        for (const y of years) {
          out.add(`${d}${sep}${m}${sep}${y}`);
          out.add(`${m}${sep}${d}${sep}${y}`);
        }
      }
  }
  for (const name of monthNames(Number(mm)))
    for (const d of days)
      for (const y of years) {
        for (const form of [
          `${d} ${name} ${y}`,
          `${d}. ${name} ${y}`,
          `${d}-${name}-${y}`,
          `${d}/${name}/${y}`,
          `${d}${name}${y}`,
          `${name} ${d} ${y}`,
          `${name} ${d}, ${y}`,
          `${d} de ${name} de ${y}`,
        ])
          out.add(form);
      }
  return [...out];
}

/** The date is printed in one of its common renderings. */
export function datePrinted(iso: string | null | undefined, text: string): boolean {
  if (!iso) return false;
  const hay = foldText(text);
  return dateRenderings(iso).some((form) => occursAlone(hay, form));
}

/** Every common rendering of a decimal amount: both decimal marks, with and without thousands groups. */
export function amountRenderings(amount: string): string[] {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(Number(amount).toFixed(2));
  if (!match) return [];
  const [, whole, cents = '00'] = match as unknown as [string, string, string | undefined];
  const groups = (sep: string) => {
    const parts: string[] = [];
    for (let end = whole.length; end > 0; end -= 3) parts.unshift(whole.slice(Math.max(0, end - 3), end));
    return parts.join(sep);
  };
  const wholes = [...new Set([whole, groups(','), groups('.'), groups(' '), groups("'")])];
  const out = new Set<string>();
  for (const w of wholes) {
    out.add(`${w}.${cents}`);
    out.add(`${w},${cents}`);
    // A whole amount is often printed without cents; only a long one is specific enough to count alone.
    if (cents === '00' && whole.length >= 4) out.add(w);
    if (cents === '00') out.add(`${w},-`);
  }
  return [...out];
}

/** The amount is printed in one of its common renderings. */
export function amountPrinted(amount: string | null | undefined, text: string): boolean {
  if (!amount || !Number.isFinite(Number(amount))) return false;
  const hay = foldText(text);
  return amountRenderings(amount).some((form) => occursAlone(hay, form));
}

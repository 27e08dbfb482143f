import { fromLexicon, inEveryLanguage } from './lexicon';
import type { Lexicon } from './lexicon/lexicon';

/** One list of order-number labels, every language's, as regular-expression alternatives. */
const labels = (list: keyof Lexicon['orderNumber']) => inEveryLanguage((l) => l.orderNumber[list]).join('|');
const NUMBER = labels('number');

/** A line opening with the document's word and a token holding a digit: weaker than a written label. */
const HEADING = fromLexicon(new RegExp(`^\\s*(?:${labels('heading')})\\s+(?=\\S*\\d)`, 'i'));
const HEADING_WEIGHT = 3;
/** What a heading's number must look like: letters and digits, or digits grouped ("2026-0192"), not a period or a year. */
const HEADING_ID = /^(?=.*\d)(?:(?=.*[A-Z])|(?=.*[-/_.]\d)|\d{5,})/i;
const PERIOD = /^\d{1,2}[./-]\d{2,4}$/;

const ORDER_LABELS: [RegExp, number][] = [
  [fromLexicon(new RegExp(`\\b(?:${labels('confirmation')})\\s*:\\s*`, 'i')), 4],
  [
    fromLexicon(
      new RegExp(
        `\\b(?:${labels('order')})\\s*(?:-\\s*)?(?:${NUMBER}|#)?(?![a-zà-ÿ])\\s*[:#.]?\\s*(?:n[°º]\\s*)?`,
        'i',
      ),
    ),
    5,
  ],
  [fromLexicon(new RegExp(`\\b(?:${labels('orderLabels')})\\s*[:#.]?\\s*`, 'i')), 5],
  [
    fromLexicon(
      new RegExp(
        `\\b(?:${labels('document')})\\s*(?:-\\s*)?(?:(?:${NUMBER}|code)(?![a-zà-ÿ])|#)\\s*[:#.]?\\s*`,
        'i',
      ),
    ),
    4,
  ],
  // A heading that is the document's word and its number ("Invoice INV-2026-0192", "Rechnung R-1042").
  [HEADING, HEADING_WEIGHT],
  [fromLexicon(new RegExp(`\\b(?:${labels('documentLabels')})\\s*[:#.]?\\s*`, 'i')), 4],
  [
    fromLexicon(
      new RegExp(`\\b(?:${labels('reference')})\\s*(?:(?:number|no\\.?|nr\\.?|#)\\s*)?[:#.]\\s*`, 'i'),
    ),
    2,
  ],
];

const LOCATOR_LABEL = fromLexicon(new RegExp(`\\b(?:${labels('locator')})\\s*[:#]?\\s*`, 'i'));

/**
 * The card terminal's slip printed inside a till receipt ("Kundenbeleg", "Merchant copy"): its numbers
 * (slip, trace, terminal, approval) identify the card payment, not the purchase.
 */
const CARD_SLIP = fromLexicon(new RegExp(`\\b(${labels('cardSlip')})\\b`, 'i'));
/** The slip's own numbers, whatever receipt prints them. */
const SLIP_NUMBER = fromLexicon(new RegExp(`\\b(${labels('slipNumber')})`, 'i'));
/** Lines after a slip's heading that still belong to the slip. */
const SLIP_LINES = 10;

const ID_TOKEN = /^#?\s*([A-Z0-9][A-Z0-9\-_/.]{2,40}[A-Z0-9]|[A-Z0-9]{3,})/i;

/**
 * The merchant's order (or invoice, receipt, booking) number: the token after the strongest label that
 * holds a digit and is not a date, amount or phone number.
 * @example findOrderNumber(['Thanks! Order #112-4471905-22 ships today'])?.id //=> '112-4471905-22'
 */
export function findOrderNumber(lines: string[]): { id: string; confidence: number; signal: string } | null {
  let best: { id: string; weight: number; line: number } | null = null;
  let slipUntil = -1;
  for (const [i, line] of lines.entries()) {
    if (CARD_SLIP.test(line)) slipUntil = i + SLIP_LINES;
    const inSlip = i <= slipUntil;
    // Travel bookings name themselves by a record locator: five to eight capital letters and digits.
    const locator = LOCATOR_LABEL.exec(line);
    if (locator) {
      const rest = line.slice(locator.index + locator[0].length).trim() || (lines[i + 1] ?? '').trim();
      const code = /^([A-Z0-9]{5,8})\b/.exec(rest)?.[1];
      if (code && /[A-Z]/.test(code) && (!best || 6 > best.weight)) {
        best = { id: code, weight: 6, line: i };
        continue;
      }
    }
    for (const [label, weight] of ORDER_LABELS) {
      label.lastIndex = 0;
      const m = label.exec(line);
      if (!m) continue;
      let rest = line.slice(m.index + m[0].length);
      if (!rest.trim() && i + 1 < lines.length) rest = lines[i + 1] as string;
      const token = ID_TOKEN.exec(rest.trim())?.[1]?.replace(/[.]$/, '');
      if (!token || !/\d/.test(token)) continue;
      if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(token) || /^\d{4}-\d{2}-\d{2}$/.test(token)) continue;
      if (/^\d{1,3}([.,]\d{3})*[.,]\d{2}$/.test(token)) continue;
      const digits = token.replace(/\D/g, '').length;
      if (digits < 2 || (digits < 3 && !/[A-Z]/i.test(token))) continue;
      if (weight === HEADING_WEIGHT && (!HEADING_ID.test(token) || PERIOD.test(token))) continue;
      const weighed = inSlip && SLIP_NUMBER.test(m[0]) ? 1 : weight;
      if (!best || weighed > best.weight) best = { id: token.replace(/^#/, ''), weight: weighed, line: i };
      break;
    }
  }
  return best
    ? {
        id: best.id,
        confidence: best.weight >= 5 ? 0.9 : best.weight >= 4 ? 0.75 : 0.5,
        signal: `label:order-number@${best.line}`,
      }
    : null;
}

/**
 * What identifies the issuer of a document, for the memory of corrections: its identity keys (a sender
 * address that is not a platform mailer, a tax or registration number, an IBAN, a phone number printed in
 * it) and the weaker layout key (the sender's domain and the words of the document's head and summary
 * labels with their coarse places). Keys are raw here; the caller hashes them (memory.ts, `keyOf`).
 */
import { CALLING_CODES, PHONE_SHAPES, TAX_IDS } from '../lexicon/countries';
import type { Doc } from '../readers/doc';
import { summaryRole } from '../summary-lines';
import { isPlatformMailer } from './platform-mailers';

/** Lines scanned for numbers: a shop prints its own at the head and the foot, both within this. */
const MAX_LINES = 400;
/** Keys kept per kind: more is a list of other parties, not one issuer. */
const MAX_PER_KIND = 3;

/** Lower case, accents stripped. */
export const plainWords = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 2 && w.length <= 24);

/** The part of a tax id match from its number on (a country prefix glued to it kept): "DE123456789". */
function taxNumber(match: string): string | null {
  const at = match.search(/\d/);
  if (at < 0) return null;
  const glued = /[A-Z]{1,3} ?$/.exec(match.slice(Math.max(0, at - 4), at))?.[0] ?? '';
  // A country prefix stands alone ("DE123…", ": ATU123…"), not as the end of a label word ("IdNr").
  const prefix = /[A-Za-z]$/.test(match.slice(0, at - glued.length)) ? '' : glued;
  const number = (prefix + match.slice(at)).toUpperCase().replace(/[^0-9A-Z]/g, '');
  return (number.match(/\d/g)?.length ?? 0) >= 6 ? number : null;
}

/** ISO 13616 check: the IBAN moved round, letters as numbers, mod 97 is 1. */
export function validIban(iban: string): boolean {
  const compact = iban.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  let rest = 0;
  for (const char of compact.slice(4) + compact.slice(0, 4)) {
    const n = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    rest = (rest * (n >= 10 ? 100 : 10) + n) % 97;
  }
  return rest === 1;
}

const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;
const INTERNATIONAL_PHONE = /(?:\+|\b00)(\d{1,3})[ .-]?(?:\(0\) ?)?\d[\d .-]{5,14}\d\b/g;
const LABELLED_PHONE =
  /\b(?:tel|tlf|phone|telephone|telefon|telefono|t[ée]l[ée]phone|fon|hp|fax|mobile)\b\.?(?: ?no\.?)? ?[:.]? ?(\(?\d[\d .()/-]{5,16}\d)/gi;

/** A phone number as its national digits: the calling code and trunk zeros dropped. */
function phoneDigits(text: string, international: boolean): string | null {
  let digits = text.replace(/\D/g, '');
  if (international) {
    digits = digits.replace(/^00/, '');
    const code = [3, 2, 1].map((n) => digits.slice(0, n)).find((c) => c in CALLING_CODES);
    if (code) digits = digits.slice(code.length);
  }
  digits = digits.replace(/^0+/, '');
  return digits.length >= 7 && digits.length <= 12 ? digits : null;
}

/** One "@" with a local part before it and a dotted domain after it, no spaces: a mailbox address. */
function isAddress(text: string): boolean {
  const at = text.indexOf('@');
  return at > 0 && at === text.lastIndexOf('@') && text.indexOf('.', at + 2) > at + 1 && !/\s/.test(text);
}

const AMOUNT_CHARS = new Set('0123456789.,: \t$€£');
/** A line's text without the amount that ends it: its label ("TOTAL  8.16" → "TOTAL"). */
function withoutAmount(text: string): string {
  let end = text.length;
  while (end > 0 && AMOUNT_CHARS.has(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

const firstOf = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * The identity keys of a document, raw: `from:<address>` for a sender that is no platform mailer,
 * `tax:<number>`, `iban:<IBAN>`, `tel:<national digits>`.
 * @example identityKeys(readText('CAFE (123456-X)\nTEL: 03-1234 5678').doc, null) //=> ['tax:123456X', 'tel:312345678']
 */
export function identityKeys(doc: Doc, senderAddress: string | null): string[] {
  const lines = doc.lines.slice(0, MAX_LINES).map((l) => l.text);
  const text = lines.join('\n');
  const keys: string[] = [];
  const address = senderAddress?.trim().toLowerCase() ?? '';
  if (isAddress(address) && !isPlatformMailer(address)) keys.push(`from:${address}`);
  const taxes = firstOf(TAX_IDS.flatMap((cue) => [...text.matchAll(cue.re)].map((m) => taxNumber(m[0]))));
  keys.push(...taxes.slice(0, MAX_PER_KIND).map((t) => `tax:${t}`));
  const ibans = firstOf(
    [...text.matchAll(IBAN)].map((m) => (validIban(m[0]) ? m[0].replace(/ /g, '') : null)),
  );
  keys.push(...ibans.slice(0, MAX_PER_KIND).map((i) => `iban:${i}`));
  // An account number's digit groups are no phone number ("0044 0532 0130 00").
  const rest = text.replace(IBAN, ' ');
  const phones = firstOf([
    ...[...rest.matchAll(INTERNATIONAL_PHONE)].map((m) => phoneDigits(m[0], true)),
    ...[...rest.matchAll(LABELLED_PHONE)].map((m) => phoneDigits(m[1] as string, false)),
    ...PHONE_SHAPES.flatMap((cue) => [...rest.matchAll(cue.re)].map((m) => phoneDigits(m[0], false))),
  ]);
  keys.push(...phones.slice(0, MAX_PER_KIND).map((p) => `tel:${p}`));
  return keys;
}

/** Lines of the head read for the layout: the first lines that carry words. */
const HEAD_LINES = 2;

/** Where a line stands, coarsely: the top or the bottom half of the document. */
export const halfOf = (doc: Doc, line: number): 'top' | 'bottom' =>
  line < doc.lines.length / 2 ? 'top' : 'bottom';

/**
 * The layout key, raw: the sender's domain and the document's label words with their coarse places (the
 * head's words, and the words of every summary label: "total", "cash", "change"...).
 * @example layoutKey(readText('CORNER CAFE\nLatte 3.50\nTOTAL 3.50').doc, null) //=> 'layout:|cafe@head corner@head total@bottom'
 */
export function layoutKey(doc: Doc, senderDomain: string | null): string {
  const words = new Set<string>();
  let head = 0;
  for (const line of doc.lines.slice(0, MAX_LINES)) {
    const lineWords = plainWords(line.text);
    if (lineWords.length === 0) continue;
    if (head < HEAD_LINES) {
      head += 1;
      for (const w of lineWords) words.add(`${w}@head`);
      continue;
    }
    const label = withoutAmount(line.text);
    if (label !== line.text && summaryRole(label) !== null)
      for (const w of plainWords(label)) words.add(`${w}@${halfOf(doc, line.index)}`);
  }
  return `layout:${senderDomain?.toLowerCase() ?? ''}|${[...words].sort().join(' ')}`;
}

/**
 * The anchor of a value printed on a line: the line's label words (the line above's when it has none)
 * and the half of the document it stands in.
 */
export function anchorAt(doc: Doc, line: number): string {
  const own = plainWords(doc.lines[line]?.text ?? '');
  const words = own.length > 0 ? own : plainWords(doc.lines[line - 1]?.text ?? '');
  return `${halfOf(doc, line)}|${words.slice(0, 4).join(' ')}`;
}

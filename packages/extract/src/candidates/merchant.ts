/**
 * The merchant's candidates on a printed document: the name-like lines at its head and foot, every line
 * with a company form, the name after a "thank you for shopping at" or a copyright sign, and "none".
 * Features say how the line looks (capitals, company form, digits, length), where it stands (line,
 * centring, font), what surrounds it (a buyer block above, labels) and whether the document repeats the
 * name elsewhere (a web domain, an e-mail address, another line).
 */
import { addContext, wordsOf } from '../features/context';
import { fromLexicon, inEveryLanguage } from '../lexicon';
import type { Lexicon } from '../lexicon/lexicon';
import { cleanMerchant, merchantFromDomain } from '../merchant';
import { type Candidate, type Features, featureTable } from '../model/ranker';
import type { Doc, DocLine } from '../readers/doc';

const LEGAL_FORM =
  /\b(GmbH|AG|KG|OHG|UG|e\.K\.|Ltd\.?|Limited|LLC|L\.L\.C\.|Inc\.?|Corp\.?|Corporation|Co\.|S\.?A\.?S?\.?|S\.?A\.?R\.?L\.?|S\.?L\.?|S\.?p\.?A\.?|S\.?r\.?l\.?|B\.?V\.?|N\.?V\.?|Pty|Pvt\.?|Private Limited|SDN\.?\s*BHD\.?|S\/B|BHD|PLC|LLP|Oy|AB|A\/S|ApS|Sp\.\s*z\s*o\.o\.|Lda\.?|Tbk\.?|PT\.?)(?=\W|$)/i;
/** One of the merchant lists, every language's, as regular-expression alternatives. */
const alternatives = (list: keyof Lexicon['merchant']) => inEveryLanguage((l) => l.merchant[list]).join('|');
const BUYER_MARKER = fromLexicon(new RegExp(`\\b(${alternatives('buyer')})\\b`, 'i'));
/** Words of labels, addresses and document titles that a shop's name rarely holds (a lexicon feature). */
const NOT_MERCHANT = fromLexicon(new RegExp(`\\b(${alternatives('notName')})\\b`, 'i'));
const INVITATION = fromLexicon(new RegExp(`\\b(?:${alternatives('invitation')})\\s+(\\S.{1,59})`, 'i'));
const COPYRIGHT = /(?:©|\(c\)|copyright)\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?,?\s*)?(\S.{1,59})/i;
/** A name before a web domain or after an e-mail's "@" ("www.popular.com.my", "help@acme.de"). */
const NAMED_HOSTS = [
  /\bwww\.([a-z0-9-]+)\./gi,
  /@([a-z0-9-]+)\./gi,
  // Only at the start of a run of name characters: a match inside one would rescan it (quadratic).
  /(?<![a-z0-9-])([a-z0-9-]+)\.(?:com|net|org|shop|store)\b/gi,
];

/** Lines read at the head and the foot of a document. */
const HEAD = 12;
const FOOT = 6;
/** Lines looked at for a company form. */
const MAX_LINES = 80;

/** A line that begins with a company form or a bracket continues the name above it. */
const CONTINUES = new RegExp(`^\\s*(?:[(\\[]|${LEGAL_FORM.source})`, 'i');
/** A line ending in "&", "-", "and" or a comma is continued below. */
const CONTINUED = new RegExp(`(?:[&,\\-–]|\\b(?:${alternatives('connectors')}))\\s*$`, 'i');

const letters = (s: string) => s.replace(/[^\p{L}]/gu, '');
const FORMS = new RegExp(LEGAL_FORM.source, 'gi');

/** Whether a company form closes the name ("POPULAR BOOK CO. (M) SDN BHD"), not only sits inside it. */
function formAtEnd(value: string): boolean {
  let end = -1;
  for (const m of value.matchAll(FORMS)) end = m.index + m[0].length;
  return end !== -1 && letters(value.slice(end)).length === 0;
}

/** A short line of letters with no form, label or digits: a name's first half when a form line follows. */
const nameLike = (text: string) =>
  letters(text).length >= 3 &&
  !/\d/.test(text) &&
  text.trim().split(/\s+/).length <= 4 &&
  !LEGAL_FORM.test(text) &&
  !NOT_MERCHANT.test(text);
const squash = (s: string) => wordsOf(s).join('');

/** Names the document repeats elsewhere: its web domains' and e-mail addresses' names. */
function namesElsewhere(doc: Doc): Set<string> {
  const out = new Set<string>();
  for (const line of doc.lines.slice(0, MAX_LINES)) {
    for (const re of NAMED_HOSTS) {
      re.lastIndex = 0;
      for (let m = re.exec(line.text); m; m = re.exec(line.text)) {
        const name = merchantFromDomain(`${m[1]}.com`) ?? m[1];
        if (name) out.add(squash(name));
      }
    }
  }
  return out;
}

function lineFeatures(
  doc: Doc,
  line: DocLine,
  value: string,
  buyerAbove: boolean,
  firstText: number,
): Features {
  const raw = line.text;
  const tokens = line.tokens.map((i) => doc.tokens[i]).filter((t) => t !== undefined);
  const fonts = tokens.map((t) => t.fontSize ?? 1);
  const confs = tokens.map((t) => t.conf ?? 1);
  const lastLine = Math.max(1, doc.lines.length - 1);
  const l = letters(value);
  const words = value.split(/\s+/).filter(Boolean);
  const features: Features = featureTable({
    'lay:rel_line': line.index / lastLine,
    [`lay:line:${Math.min(line.index, 8)}`]: 1,
    [`lay:from_bottom:${Math.min(doc.lines.length - 1 - line.index, 4)}`]: 1,
    'lay:first_text_line': line.index === firstText ? 1 : 0,
    'lex:legal_form': LEGAL_FORM.test(value) ? 1 : 0,
    'lex:legal_form_in_line': LEGAL_FORM.test(raw) ? 1 : 0,
    'lex:form_at_end': formAtEnd(value) ? 1 : 0,
    'lay:name_like_above': line.index > 0 && nameLike(doc.lines[line.index - 1]?.text ?? '') ? 1 : 0,
    'val:all_caps': l.length >= 3 && l === l.toUpperCase() ? 1 : 0,
    'val:title_case': words.length > 0 && words.every((w) => /^[\p{Lu}\d&]/u.test(w)) ? 1 : 0,
    [`val:words:${Math.min(words.length, 6)}`]: 1,
    'val:letter_share': l.length / Math.max(1, value.length),
    'val:digits': /\d/.test(value) ? 1 : 0,
    'val:long_digits': /\d{4,}/.test(raw) ? 1 : 0,
    'val:colon': raw.includes(':') ? 1 : 0,
    'val:cut_from_line': value.length < raw.trim().length - 2 ? 1 : 0,
    'lex:starts_with_form': CONTINUES.test(value) ? 1 : 0,
    'lex:ends_with_connector': CONTINUED.test(value) ? 1 : 0,
    'lex:next_continues': CONTINUES.test(doc.lines[line.index + 1]?.text ?? '') ? 1 : 0,
    'lex:buyer_above': buyerAbove ? 1 : 0,
    'lex:buyer_in_line': BUYER_MARKER.test(raw) ? 1 : 0,
    'lex:not_name': NOT_MERCHANT.test(value) ? 1 : 0,
    'lay:centred': Math.abs((line.x0 + line.x1) / 2 - 0.5) < 0.12 && line.x0 > 0.08 ? 1 : 0,
    'lay:indent': line.x0,
    'font:size': Math.max(...fonts, 0),
    'font:heading': tokens.some((t) => t.heading) ? 1 : 0,
    'font:bold': tokens.some((t) => t.bold) ? 1 : 0,
    'ocr:conf': confs.length ? confs.reduce((a, b) => a + b, 0) / confs.length : 1,
  });
  addContext(features, 'S', value, 6);
  const above = doc.lines[line.index - 1];
  if (above) addContext(features, 'A', above.text, 3);
  const below = doc.lines[line.index + 1];
  if (below) addContext(features, 'B', below.text, 3);
  return features;
}

/** Every plausible merchant name of a printed document, and "none". */
export function merchantCandidates(doc: Doc): Candidate<string>[] {
  const candidates: Candidate<string>[] = [{ value: null, line: -1, why: 'none', features: { none: 1 } }];
  const elsewhere = namesElsewhere(doc);
  const seen = new Map<string, Candidate<string>>();
  const firstText = doc.lines.findIndex((l) => letters(l.text).length >= 3);
  let buyerUntil = -1;
  const propose = (line: DocLine, raw: string, kind: string, extra: Features = {}) => {
    const value = cleanMerchant(raw.replace(/\s{2,}.*/, ''));
    const key = squash(value);
    if (key.length < 2 || value.length > 70) return;
    const known = seen.get(key);
    if (known) {
      known.features['agr:repeats'] = (known.features['agr:repeats'] ?? 0) + 1;
      known.features[`via:${kind}`] = 1;
      return;
    }
    const features = lineFeatures(doc, line, value, line.index <= buyerUntil, firstText);
    features[`via:${kind}`] = 1;
    Object.assign(features, extra);
    features['agr:elsewhere'] = [...elsewhere].some(
      (name) => name.length >= 3 && (key.includes(name) || name.includes(key)),
    )
      ? 1
      : 0;
    const candidate: Candidate<string> = { value, line: line.index, why: `${kind}@${line.index}`, features };
    seen.set(key, candidate);
    candidates.push(candidate);
  };
  for (const line of doc.lines.slice(0, MAX_LINES)) {
    if (BUYER_MARKER.test(line.text)) buyerUntil = line.index + 4;
    const head = line.index < HEAD;
    const foot = line.index >= doc.lines.length - FOOT;
    const invitation = INVITATION.exec(line.text);
    if (invitation?.[1]) propose(line, invitation[1], 'invitation');
    const copyright = COPYRIGHT.exec(line.text);
    if (copyright?.[1]) propose(line, copyright[1], 'copyright');
    if (letters(line.text).length < 2) continue;
    if (head || foot || LEGAL_FORM.test(line.text))
      propose(line, line.text, head ? 'head' : foot ? 'foot' : 'legal');
    // A name wrapped over two or three lines ("POPULAR BOOK" / "CO. (M) SDN BHD"): joined as one candidate.
    let joined = line.text.replace(/\s{2,}.*/, '');
    for (let k = 1; k <= 2 && head; k += 1) {
      const previous = doc.lines[line.index + k - 1] as DocLine;
      const next = doc.lines[line.index + k];
      if (!next || next.text.length > 40 || letters(next.text).length < 2) break;
      joined = `${joined} ${next.text.replace(/\s{2,}.*/, '')}`;
      // The join completes a name when the upper part has no form and is continued below.
      const completes =
        CONTINUES.test(next.text) ||
        CONTINUED.test(previous.text) ||
        (formAtEnd(joined) && nameLike(line.text));
      propose(line, joined, k === 1 ? 'two-lines' : 'three-lines', {
        'lay:join_completes': completes ? 1 : 0,
      });
    }
  }
  return candidates;
}

/**
 * The purchase date's candidates: every date the document prints, numeric dates whose day and month could
 * be swapped in both readings, plus "none"; features say what labels it, where it stands, how it relates
 * to the document's other dates and whether its reading agrees with the document's country.
 */
import { type DateOrder, findDates } from '../dates';
import { addContext } from '../features/context';
import { fromLexicon, inEveryLanguage } from '../lexicon';
import { type Candidate, type Features, featureTable } from '../model/ranker';
import type { Doc } from '../readers/doc';

/** Dates looked at per document (hostile input prints thousands). */
const MAX_DATES = 200;

/** A label of the date kind `kind` in any language, whole words (a lexicon feature). */
const dateLabel = (kind: 'purchase' | 'any' | 'other') =>
  fromLexicon(new RegExp(`\\b(${inEveryLanguage((l) => l.dateLabels[kind]).join('|')})\\b`, 'i'));
/** Label words naming the purchase itself (a bare "Date" may be any date). */
const PURCHASE_DATE_LABELS = dateLabel('purchase');
const ANY_DATE_LABELS = dateLabel('any');
const NOT_PURCHASE_DATE = dateLabel('other');

// Dates as compact digits: 20180304 (ISO order), printed by some tills and terminals.
const COMPACT = /\b(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\b/g;
const TIME = /\b([01]?\d|2[0-3])[:.h][0-5]\d\b/;

interface Found {
  iso: string;
  line: number;
  index: number;
  reading: 'dmy' | 'mdy' | 'fixed';
  ambiguous: boolean;
  numeric: boolean;
}

function datesOf(doc: Doc): Found[] {
  const out: Found[] = [];
  for (const line of doc.lines) {
    if (out.length >= MAX_DATES) break;
    const dmy = findDates(line.text, 'dmy');
    const mdy = findDates(line.text, 'mdy');
    for (const d of dmy) {
      const numeric = /^\d/.test(d.raw) && !/\p{L}/u.test(d.raw);
      if (!d.ambiguous) {
        out.push({
          iso: d.iso,
          line: line.index,
          index: d.index,
          reading: 'fixed',
          ambiguous: false,
          numeric,
        });
        continue;
      }
      out.push({ iso: d.iso, line: line.index, index: d.index, reading: 'dmy', ambiguous: true, numeric });
      const other = mdy.find((m) => m.index === d.index);
      if (other && other.iso !== d.iso)
        out.push({
          iso: other.iso,
          line: line.index,
          index: d.index,
          reading: 'mdy',
          ambiguous: true,
          numeric,
        });
    }
    COMPACT.lastIndex = 0;
    for (let m = COMPACT.exec(line.text); m; m = COMPACT.exec(line.text))
      out.push({
        iso: `${m[1]}-${m[2]}-${m[3]}`,
        line: line.index,
        index: m.index,
        reading: 'fixed',
        ambiguous: false,
        numeric: true,
      });
  }
  return out;
}

const bucket = (n: number, edges: number[]) => {
  for (const edge of edges) if (n <= edge) return String(edge);
  return `>${edges[edges.length - 1]}`;
};

/** Days between two ISO dates. */
const days = (a: string, b: string) => (Date.parse(a) - Date.parse(b)) / 86_400_000;

/**
 * Every plausible purchase date of a document, and "none". `order` is the day/month order the
 * document's country suggests (a feature: an ambiguous date read the other way may still win).
 */
export function dateCandidates(doc: Doc, order: DateOrder | null): Candidate<string>[] {
  const found = datesOf(doc);
  const candidates: Candidate<string>[] = [
    { value: null, line: -1, why: 'none', features: { none: 1, 'doc:no_dates': found.length === 0 ? 1 : 0 } },
  ];
  const sorted = [...new Set(found.map((f) => f.iso))].sort();
  const latest = sorted[sorted.length - 1];
  const earliest = sorted[0];
  const counts = new Map<string, number>();
  for (const f of found) counts.set(f.iso, (counts.get(f.iso) ?? 0) + 1);
  const lastLine = Math.max(1, doc.lines.length - 1);
  for (const [rank, f] of found.entries()) {
    const line = doc.lines[f.line];
    if (!line) continue;
    const above = doc.lines[f.line - 1];
    const features: Features = featureTable({
      [`val:reading:${f.reading}`]: 1,
      'val:ambiguous': f.ambiguous ? 1 : 0,
      'doc:agrees_with_country': f.reading !== 'fixed' && order === f.reading ? 1 : 0,
      'doc:disagrees_with_country': f.reading !== 'fixed' && order !== null && order !== f.reading ? 1 : 0,
      'val:numeric': f.numeric ? 1 : 0,
      [`val:rank:${bucket(rank, [0, 1, 2, 4])}`]: 1,
      [`val:repeats:${bucket(counts.get(f.iso) ?? 1, [1, 2])}`]: 1,
      'val:earliest': f.iso === earliest ? 1 : 0,
      'val:latest': f.iso === latest ? 1 : 0,
      'val:days_before_latest': latest ? Math.min(365, days(latest, f.iso)) / 365 : 0,
      'val:days_after_earliest': earliest ? Math.min(365, days(f.iso, earliest)) / 365 : 0,
      'lay:rel_line': f.line / lastLine,
      [`lay:from_top:${bucket(f.line, [0, 2, 5, 10, 20])}`]: 1,
      'val:time_on_line':
        TIME.test(line.text.slice(f.index)) || TIME.test(line.text.slice(0, f.index)) ? 1 : 0,
      'lay:starts_line': line.text.slice(0, f.index).trim() === '' ? 1 : 0,
      'lay:x_start': line.x0,
    });
    const before = line.text.slice(0, f.index);
    const labelled = (re: RegExp) =>
      re.test(before) || (!/\p{L}{3}/u.test(before) && re.test(above?.text ?? ''));
    if (labelled(PURCHASE_DATE_LABELS)) features['lex:purchase_label'] = 1;
    else if (labelled(ANY_DATE_LABELS)) features['lex:date_label'] = 1;
    if (NOT_PURCHASE_DATE.test(before) || NOT_PURCHASE_DATE.test(above?.text ?? ''))
      features['lex:not_purchase'] = 1;
    addContext(features, 'L', before);
    if (above) addContext(features, 'A', above.text, 3);
    candidates.push({
      value: f.iso,
      line: f.line,
      why: `${f.reading} "${line.text.slice(0, f.index).trim().slice(-24)}"`,
      features,
    });
  }
  return candidates;
}

/**
 * Features of each line of a document for the line classifier (fields/line-kinds.ts): its own words and
 * character 3-grams, the summary lexicon's role for its label (a feature the model weighs, not a rule),
 * its amounts, quantity patterns and layout, the same for its neighbours, and where it stands against the
 * total's line (items are printed above the total). Training computes them with this same code.
 */
import { addContext } from '../features/context';
import { alternativesOf, inEveryLanguage } from '../lexicon';
import { amountsIn } from '../line-amounts';
import { type Features, featureTable } from '../model/ranker';
import type { Doc, DocLine } from '../readers/doc';
import { isHeader, isHeading, isHeadOnly } from '../row-words';
import { summaryRole } from '../summary-lines';

/** "2 x Kettle", "2x Kettle", "2 Kettle": a count leading the line. */
const QTY_LEAD = /^\d{1,3}(?:[.,]\d{1,3})?\s?[x×*]\s/i;
const QTY_COUNT_LEAD = /^\d{1,3}\s+\p{L}/u;
/** "Kettle x2", "x 2", "Qty: 2", "2 @ 1.50", "2 Stk". */
const QTY_TIMES = /(?:^|\s)[x×]\s?\d{1,3}(?:\s|$)/i;
const QTY_AT = /\d\s?@\s?\S/;
const QTY_LABEL = new RegExp(`\\b(?:${alternativesOf(inEveryLanguage((l) => l.quantityLabels))})\\b`, 'i');
const QTY_UNIT = /\b\d{1,3}\s?(?:pcs|pc|stk|st|un|pz|ea)\b/i;
const BARE_NUMBER = /^\d{1,3}$/;

/** The facts of one line that its neighbours' features repeat. */
function ownFacts(line: DocLine, doc: Doc): Features {
  const text = line.text.trim();
  const f: Features = {};
  const amounts = amountsIn(text);
  const integers = amountsIn(text, true).length - amounts.length;
  f[`am:${Math.min(amounts.length, 2)}`] = 1;
  if (integers > 0) f['am:int'] = 1;
  const last = amounts[amounts.length - 1];
  if (last) {
    // Right-aligned: nothing but a currency after the last amount.
    const tail = text.slice(last.index).replace(/^\S+/, '').trim();
    if (tail.length <= 4) f['am:end'] = 1;
    if (last.index === 0 || /^[^\p{L}]*$/u.test(text.slice(0, last.index))) f['am:only'] = 1;
    if (last.minor < 0 || /-\s?$/.test(text)) f['am:neg'] = 1;
  }
  const label = last ? text.slice(0, amounts[0]?.index ?? 0) : text;
  const role = summaryRole(label);
  if (role) f[`lex:${role}`] = 1;
  // The column-head and heading lexicons of row-words.ts, as features.
  if (isHeader(text)) f['lex:colheads'] = 1;
  else if (isHeadOnly(text)) f['lex:colhead'] = 1;
  if (isHeading(text)) f['lex:heading'] = 1;
  if (QTY_LEAD.test(text)) f['qty:lead'] = 1;
  else if (QTY_COUNT_LEAD.test(text)) f['qty:count'] = 1;
  if (QTY_TIMES.test(text)) f['qty:times'] = 1;
  if (QTY_AT.test(text)) f['qty:at'] = 1;
  if (QTY_LABEL.test(text)) f['qty:label'] = 1;
  if (QTY_UNIT.test(text)) f['qty:unit'] = 1;
  if (BARE_NUMBER.test(text)) f['qty:bare'] = 1;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  if (letters === 0) f['txt:noletters'] = 1;
  else if (letters >= 3 && text === text.toUpperCase()) f['txt:caps'] = 1;
  if (text.length <= 3) f['txt:short'] = 1;
  if (/\S {2,}\S/.test(text)) f['txt:columns'] = 1;
  if (text.endsWith(':')) f['txt:colon'] = 1;
  // A wrapped name's second line often starts in lower case.
  if (/^\p{Ll}/u.test(text)) f['txt:lower'] = 1;
  if (/[,(&-]$|\b(?:and|with|of|for|und|mit|et|avec|de|y|con|e)$/i.test(text)) f['txt:open'] = 1;
  if (line.tokens.some((t) => doc.tokens[t]?.row !== undefined)) f['lay:table'] = 1;
  return f;
}

const withPrefix = (prefix: string, facts: Features): Features =>
  Object.fromEntries(Object.entries(facts).map(([name, value]) => [`${prefix}${name}`, value]));

/**
 * Each line's features, in line order. `totalLine` is the line of the total the total ranker chose
 * (null when none): the side of it a line stands on is a feature.
 * @example lineFeatures(readText('2 x Kettle  49.90\nTOTAL  49.90').doc, 1)[0]['qty:lead'] //=> 1
 */
export function lineFeatures(doc: Doc, totalLine: number | null): Features[] {
  const facts = doc.lines.map((line) => ownFacts(line, doc));
  const count = Math.max(doc.lines.length - 1, 1);
  // How many lines above each line print an amount: none above is where headers stand.
  const amountsAbove: number[] = [];
  let seen = 0;
  for (const f of facts) {
    amountsAbove.push(seen);
    if (!f['am:0']) seen += 1;
  }
  return doc.lines.map((line, i) => {
    const f: Features = featureTable(facts[i] as Features);
    addContext(f, 'self', line.text, 8);
    const previous = doc.lines[i - 1];
    const next = doc.lines[i + 1];
    if (previous) {
      Object.assign(f, withPrefix('p:', facts[i - 1] as Features));
      addContext(f, 'prev', previous.text, 3);
      if (previous.block !== line.block) f['lay:newblock'] = 1;
    } else f['p:none'] = 1;
    if (next) {
      Object.assign(f, withPrefix('n:', facts[i + 1] as Features));
      addContext(f, 'next', next.text, 3);
    } else f['n:none'] = 1;
    if (facts[i + 2]) Object.assign(f, withPrefix('nn:', facts[i + 2] as Features));
    f['lay:y'] = i / count;
    if (amountsAbove[i] === 0) f['lay:noamountabove'] = 1;
    if (amountsAbove[i] === seen - (facts[i]?.['am:0'] ? 0 : 1)) f['lay:noamountbelow'] = 1;
    f['lay:indent'] = Math.min(line.x0, 0.5);
    if (totalLine === null) f['pos:nototal'] = 1;
    else if (i < totalLine) f['pos:above'] = 1;
    else if (i === totalLine) f['pos:total'] = 1;
    else f['pos:below'] = 1;
    return f;
  });
}

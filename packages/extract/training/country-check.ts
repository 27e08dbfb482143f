/**
 * How often the document-level currency is right on the training receipts, before (the old locale rules)
 * and after (fields/country.ts), per corpus. Silver labels are machine-made: their figures are printed
 * apart and are no target. Run: npx tsx packages/extract/training/country-check.ts [--misses]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideCountry } from '../src/fields/country';
import { findTotal } from '../src/total';
import { detectCurrency } from './legacy-locale';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TRAIN = path.resolve(HERE, '../../..', process.env.CORPUS_DIR ?? '../shared/corpus', 'train');
const showMisses = process.argv.includes('--misses');

/**
 * The currency readFields reports: the total's own sign, unless it is a bare "$" the document says is
 * another money (before: when the document's currency was another dollar; after: what the decision says
 * a "$" means here).
 */
function withTotalSign(lines: string[], detected: string | null, dollar: string | null): string | null {
  const sign = findTotal(lines)?.amount.currency ?? null;
  const explicit = /US\$|\bUSD\b/.test(lines.join('\n'));
  const other = dollar ?? (detected?.endsWith('D') ? detected : 'USD');
  return (sign === 'USD' && !explicit && other !== 'USD' ? other : sign) ?? detected;
}

interface Row {
  corpus: string;
  n: number;
  before: number;
  after: number;
  beforeFinal: number;
  afterFinal: number;
  country: Map<string, number>;
  order: Map<string, number>;
  ms: number;
}

function check(corpus: string, silver: boolean): Row {
  const dir = path.join(TRAIN, corpus);
  const row: Row = {
    corpus,
    n: 0,
    before: 0,
    after: 0,
    beforeFinal: 0,
    afterFinal: 0,
    country: new Map(),
    order: new Map(),
    ms: 0,
  };
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const doc = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const truth: string | null = doc.truth?.currency ?? null;
    if (!truth) continue;
    const lines: string[] = silver ? String(doc.text).split('\n') : doc.lines;
    const text = lines.join('\n');
    const old = detectCurrency(text).currency;
    const start = performance.now();
    const decision = decideCountry(lines);
    row.ms += performance.now() - start;
    row.n += 1;
    if (old === truth) row.before += 1;
    if (decision.currency === truth) row.after += 1;
    if (withTotalSign(lines, old, null) === truth) row.beforeFinal += 1;
    if (withTotalSign(lines, decision.currency, decision.dollar) === truth) row.afterFinal += 1;
    row.order.set(decision.dateOrder, (row.order.get(decision.dateOrder) ?? 0) + 1);
    const c = decision.country ?? '-';
    row.country.set(c, (row.country.get(c) ?? 0) + 1);
    if (showMisses && decision.currency !== truth)
      console.log(
        `  ${corpus}/${file}: truth ${truth}, before ${old}, after ${decision.currency} (${decision.signal}; ${decision.evidence.map((e) => `${e.country}:${e.strength}:${e.why}`).join(', ')})`,
      );
  }
  return row;
}

const pct = (k: number, n: number) => `${((100 * k) / Math.max(n, 1)).toFixed(1)}% ${k}/${n}`;
function print(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log(
    [
      'corpus',
      'docs',
      'doc currency before',
      'after',
      'with total sign before',
      'after',
      'ms/doc',
      'date order',
      'countries',
    ].join(' | '),
  );
  for (const r of rows) {
    const countries = [...r.country]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([c, k]) => `${c} ${k}`)
      .join(', ');
    console.log(
      [
        r.corpus,
        r.n,
        pct(r.before, r.n),
        pct(r.after, r.n),
        pct(r.beforeFinal, r.n),
        pct(r.afterFinal, r.n),
        (r.ms / Math.max(r.n, 1)).toFixed(3),
        [...r.order].map(([o, k]) => `${o} ${k}`).join(', '),
        countries,
      ].join(' | '),
    );
  }
}

print('SROIE (hand-checked keys)', [check('sroie', false)]);
print(
  'silver (machine-made labels: noisy, printed apart, no target)',
  ['silver/cord', 'silver/expressexpense', 'silver/zenodo'].map((c) => check(c, true)),
);

import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  asGrouped,
  defaultCorpusDir,
  defaultTrainDir,
  GROUPS_FILE,
  loadLabelled,
  readLabelled,
} from './corpus';
import { buildTable, chainKey, groupOf, merchantWords, serialiseTable, splitGroups } from './groups';

/** A tiny corpus in the real layout: SROIE receipts (one also in the dev corpus), silver, dev text. */
function syntheticCorpus(): { trainDir: string; corpusDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'groups-'));
  const trainDir = path.join(root, 'train');
  const corpusDir = path.join(root, 'corpus');
  mkdirSync(path.join(trainDir, 'sroie'), { recursive: true });
  mkdirSync(path.join(trainDir, 'silver', 'cord'), { recursive: true });
  mkdirSync(path.join(corpusDir, 'text'), { recursive: true });
  const sroie = (n: number, merchant: string, lines: string[], extra: object = {}) =>
    writeFileSync(
      path.join(trainDir, 'sroie', `${String(n).padStart(4, '0')}.json`),
      JSON.stringify({
        source: 'owner/sroie@abc:data/box/x.csv',
        image_size: [100, 200],
        image: null,
        words: lines.map((text, i) => ({ text, box: [0, i * 10, 90, i * 10 + 8] })),
        lines,
        truth: { merchant, purchase_date: '2018-12-25', total: '9.90', currency: 'MYR' },
        checks: { merchant_in_text: true, date_raw_in_text: true, total_in_text: true },
        ...extra,
      }),
    );
  const names = ['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA', 'ECHO', 'FOXTROT', 'GOLF', 'HOTEL', 'INDIA', 'JULIET'];
  let n = 0;
  for (const a of names)
    for (const b of ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'])
      sroie(n++, `${a}${b} TRADING SDN BHD`, [`${a}${b}`]);
  sroie(n++, 'ACME HARDWARE (PUCHONG) SDN BHD', ['ACME HARDWARE (PUCHONG) SDN BHD', 'TOTAL 9.90']);
  sroie(n++, 'Acme Hardware Sdn. Bhd.', ['Acme Hardware Sdn. Bhd.', 'TOTAL 9.90']);
  const shared = ['KEDAI TWIN', '25/12/2018', 'TOTAL 9.90'];
  sroie(n++, 'KEDAI TWIN', shared, { in_dev_corpus: 'sroie-001.txt' });
  sroie(n++, 'KEDAI TWIN', [...shared, ''], {}); // the same receipt again, unflagged: its text gives it away
  writeFileSync(path.join(corpusDir, 'text', 'sroie-001.txt'), `${shared.join('\n')}\n`);
  writeFileSync(
    path.join(corpusDir, 'truth.json'),
    JSON.stringify({
      'sroie-001.txt': {
        kind: 'text',
        is_order: true,
        merchant: 'KEDAI TWIN',
        purchase_date: '2018-12-25',
        total: '9.90',
        currency: 'MYR',
        source: 'owner/sroie:data/box/x.csv@abc',
      },
    }),
  );
  for (const [i, merchant] of [null, null, 'Warung Satu', null].entries()) {
    const base = path.join(trainDir, 'silver', 'cord', String(i).padStart(4, '0'));
    const text = `${merchant ?? 'NASI'}\nTOTAL 25.000\n`;
    writeFileSync(`${base}.txt`, text);
    writeFileSync(
      `${base}.json`,
      JSON.stringify({
        source: 'someone/receipts@def:annotations/x.json',
        text,
        truth: { merchant, purchase_date: null, total: '25000.00', currency: 'IDR', products: [] },
        checks: { merchant_in_text: merchant !== null, total_in_text: true },
      }),
    );
  }
  return { trainDir, corpusDir };
}

const real =
  existsSync(path.join(defaultTrainDir(), 'sroie')) &&
  existsSync(path.join(defaultCorpusDir(), 'truth.json'));
const dirs = real ? { trainDir: defaultTrainDir(), corpusDir: defaultCorpusDir() } : syntheticCorpus();
const synthetic = syntheticCorpus();

describe('chain keys', () => {
  it('put the branches of one chain in one group', () => {
    const key = (m: string) => groupOf({ corpus: 'sroie', merchant: m, source: 'x' });
    expect(key('ACME HARDWARE (PUCHONG) SDN BHD')).toBe(key('Acme Hardware Sdn. Bhd.'));
    expect(key('ACME HARDWARE PUCHONG')).toBe(key('Acme Hardware'));
    expect(key('MR. D.I.Y. (KUCHAI) SDN BHD')).toBe(key('MR D.I.Y. (M) SDN BHD'));
    expect(key("Domino's Pizza Taman Universiti")).toBe(key('DOMINOS PIZZA'));
    expect(key('Café Lumière Lda')).toBe(key('CAFE LUMIERE'));
    expect(key('The Corner Deli')).toBe(key('CORNER DELI (DOWNTOWN)'));
    expect(key('ACME HARDWARE')).not.toBe(key('BOLT HARDWARE'));
  });

  it('drop legal forms, brackets, accents and punctuation', () => {
    expect(merchantWords('Über Bäckerei GmbH (Filiale 3)')).toEqual(['uber', 'backerei']);
    expect(merchantWords('MR. D.I.Y. (M) SDN BHD')).toEqual(['mr', 'diy']);
    expect(merchantWords('OLD TOWN (716269-X')).toEqual(['old', 'town']);
    expect(chainKey('(M) SDN BHD')).toBeNull();
  });

  it('group documents without a merchant label by corpus and source', () => {
    expect(groupOf({ corpus: 'dev', merchant: null, source: 'owner/repo' })).toBe('src:dev:owner/repo');
    expect(groupOf({ corpus: 'cord', merchant: '', source: 'owner/repo' })).toBe('src:cord:owner/repo');
  });
});

// Read once: the real corpus takes seconds to read.
const firstDocs = readLabelled(dirs);
const first = splitGroups(firstDocs.map(asGrouped));

describe('the split', () => {
  it('gives the same bytes on every run', () => {
    expect(serialiseTable(buildTable(dirs))).toBe(serialiseTable(first));
  });

  it('is committed: the fresh draw where the corpus is at hand, in canonical form either way', () => {
    const committed = readFileSync(GROUPS_FILE, 'utf8');
    expect(serialiseTable(JSON.parse(committed))).toBe(committed);
    if (real) expect(serialiseTable(first)).toBe(committed);
  });

  it('locks about 20 % of the groups away, with documents of every corpus', () => {
    const groups = Object.values(first.groups);
    const locked = groups.filter((g) => g.lockbox);
    expect(locked.length / groups.length).toBeGreaterThan(0.15);
    expect(locked.length / groups.length).toBeLessThan(0.25);
    const count = (corpus: string) => groups.filter((g) => g.corpus === corpus).length;
    const corpora = new Set(groups.map((g) => g.corpus).filter((c) => count(c) >= 2));
    expect(new Set(locked.map((g) => g.corpus))).toEqual(corpora);
    for (const g of groups) expect(g.lockbox ? g.fold === -1 : g.fold >= 0 && g.fold < 5).toBe(true);
  });

  it('changes with the seed', () => {
    const docs = firstDocs.map(asGrouped);
    expect(serialiseTable(splitGroups(docs, 1))).not.toBe(serialiseTable(splitGroups(docs, 2)));
  });
});

describe('the labelled documents', () => {
  it('count a receipt present in both corpora once, as the development corpus copy', () => {
    const docs = readLabelled(synthetic);
    const twins = docs.filter((d) => d.truth.merchant === 'KEDAI TWIN');
    expect(twins.map((d) => d.id)).toEqual(['dev/sroie-001.txt']);
  });

  it('hold no SROIE receipt of the development corpus twice', () => {
    const devFiles = new Set(firstDocs.filter((d) => d.corpus === 'dev').map((d) => path.basename(d.id)));
    const flagged = firstDocs.filter((d) => {
      if (d.corpus !== 'sroie') return false;
      const json = JSON.parse(readFileSync(path.join(dirs.trainDir, `${d.id}.json`), 'utf8'));
      return json.in_dev_corpus && devFiles.has(json.in_dev_corpus);
    });
    expect(flagged).toEqual([]);
  });

  it('carry their group, split and printed flags', async () => {
    const table = splitGroups(
      readLabelled(synthetic).map((d) => ({
        corpus: d.corpus,
        merchant: d.truth.merchant,
        source: d.source,
      })),
    );
    const docs = await loadLabelled({ ...synthetic, table });
    const acme = docs.filter((d) => d.group === 'm:acme');
    expect(acme).toHaveLength(2);
    const dev = docs.find((d) => d.corpus === 'dev');
    expect(dev).toMatchObject({
      kind: 'text',
      silver: false,
      printed: { merchant: true, purchase_date: true, total: true },
    });
    const silver = docs.filter((d) => d.silver);
    expect(silver).toHaveLength(4);
    expect(silver.filter((d) => d.group === 'src:cord:someone/receipts')).toHaveLength(3);
    expect(silver.every((d) => d.input.type === 'text' && d.truth.products === undefined)).toBe(true);
    expect(docs.find((d) => d.corpus === 'sroie')?.input.type).toBe('boxes');
    for (const d of docs)
      expect(d.fold).toBe(table.groups[d.group]?.lockbox ? -1 : table.groups[d.group]?.fold);
  });
});

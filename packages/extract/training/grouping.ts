/**
 * The groups of grouped cross-validation and the lockbox, as pure functions (groups.ts runs them over
 * the labelled corpora and writes model/groups.json). A group is one merchant chain: every branch of a
 * chain must fall on the same side of a split, or a held-out score measures memory of the chain.
 */
import { LEGAL } from '../../../bench/src/compare';

export type CorpusName = 'sroie' | 'cord' | 'expressexpense' | 'zenodo' | 'dev' | 'negatives';
/** In draw order: a corpus added later goes last, so the earlier corpora's draws stay as they were. */
export const CORPORA: readonly CorpusName[] = [
  'sroie',
  'cord',
  'expressexpense',
  'zenodo',
  'dev',
  'negatives',
];

/** Fixed before any training: the seed, the share of groups locked away, and the number of folds. */
export const SEED = 31;
export const LOCKBOX_SHARE = 0.2;
export const FOLDS = 5;
/** Articles a shop name may open with ("The Store", "A Vida", "El Corte"): a chain is keyed on the word after. */
const ARTICLES = new Set([
  'the',
  'a',
  'an',
  'la',
  'le',
  'les',
  'el',
  'los',
  'las',
  'il',
  'lo',
  'o',
  'os',
  'der',
  'die',
  'das',
]);

/** The split of one group, as model/groups.json records it. */
export interface GroupSplit {
  fold: number;
  lockbox: boolean;
  size: number;
  /** The corpus most of its documents come from (alphabetical on a tie). */
  corpus: CorpusName;
  /** Every corpus it has documents in, when more than one. */
  corpora?: CorpusName[];
}

export interface GroupTable {
  seed: number;
  lockbox_share: number;
  folds: number;
  groups: Record<string, GroupSplit>;
}

/** What grouping needs to know of a document. */
export interface GroupedDoc {
  corpus: CorpusName;
  merchant: string | null;
  /** Where a document without a merchant label comes from: "owner/repo" of its source. */
  source: string;
}

/**
 * The words of a merchant name with what differs between one chain's branches taken away: case,
 * accents, bracketed branch names, legal forms, punctuation. Initials run together ("D.I.Y." -> "diy").
 */
export function merchantWords(name: string): string[] {
  const closed = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ');
  // A bracket the transcript never closed holds a branch name up to the end.
  const open = closed.search(/[([]/);
  const text = (open === -1 ? closed : closed.slice(0, open))
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(LEGAL, ' ');
  const words: string[] = [];
  let initials = '';
  for (const word of text.split(' ').filter(Boolean)) {
    if (word.length === 1 && /\p{L}/u.test(word)) {
      initials += word;
      continue;
    }
    if (initials) words.push(initials);
    initials = '';
    words.push(word);
  }
  if (initials) words.push(initials);
  return words;
}

/**
 * The chain key of a merchant name: its first significant word. Branches are told apart by what follows
 * the brand ("BP Domingos Sequeira", "IKEA Alfragide", "Domino's Pizza Taman Universiti"), so the first
 * word keys them together. Shops whose first word names a kind of shop ("Kedai ...", "Restaurante ...")
 * are merged too: a group larger than a chain makes the held-out score stricter, never kinder.
 */
export function chainKey(name: string): string | null {
  const words = merchantWords(name);
  const start = words.length > 1 && ARTICLES.has(words[0] as string) ? 1 : 0;
  return words[start] ?? null;
}

/** The group of a document: its merchant chain, or its source when it has no merchant label. */
export function groupOf(doc: GroupedDoc): string {
  const key = doc.merchant ? chainKey(doc.merchant) : null;
  return key ? `m:${key}` : `src:${doc.corpus}:${doc.source}`;
}

/** mulberry32: a small seeded PRNG, so the draw is the same on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const byKey = <T>(entries: [string, T][]) => entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Draws the lockbox and the folds. Per corpus (a group's main corpus), the groups are shuffled by the
 * seeded PRNG; the first 20 % (at least one) go to the lockbox, so it holds documents of every corpus; the rest go,
 * largest first, to the fold with the fewest documents of that corpus, so folds are balanced per corpus.
 */
export function splitGroups(docs: GroupedDoc[], seed = SEED): GroupTable {
  const members = new Map<string, Map<CorpusName, number>>();
  for (const doc of docs) {
    const group = groupOf(doc);
    const counts = members.get(group) ?? new Map<CorpusName, number>();
    counts.set(doc.corpus, (counts.get(doc.corpus) ?? 0) + 1);
    members.set(group, counts);
  }
  const groups: Record<string, GroupSplit> = {};
  for (const [group, counts] of byKey([...members])) {
    const corpora = [...counts.keys()].sort();
    const main = [...corpora].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0] as CorpusName;
    const size = [...counts.values()].reduce((a, b) => a + b, 0);
    groups[group] = {
      fold: -1,
      lockbox: false,
      size,
      corpus: main,
      ...(corpora.length > 1 ? { corpora } : {}),
    };
  }
  const random = mulberry32(seed);
  for (const corpus of CORPORA) {
    const mine = Object.keys(groups).filter((g) => groups[g]?.corpus === corpus);
    const drawn = shuffle(mine, random);
    // Every corpus with two groups or more gives at least one; a corpus of one group stays in training.
    const locked = drawn.length < 2 ? 0 : Math.max(1, Math.round(drawn.length * LOCKBOX_SHARE));
    for (const g of drawn.slice(0, locked)) (groups[g] as GroupSplit).lockbox = true;
    const rest = drawn.slice(locked);
    // Stable sort: equal sizes keep their shuffled order.
    rest.sort((a, b) => (groups[b]?.size ?? 0) - (groups[a]?.size ?? 0));
    const load = new Array<number>(FOLDS).fill(0);
    for (const g of rest) {
      const fold = load.indexOf(Math.min(...load));
      (groups[g] as GroupSplit).fold = fold;
      load[fold] = (load[fold] ?? 0) + (groups[g]?.size ?? 0);
    }
  }
  return { seed, lockbox_share: LOCKBOX_SHARE, folds: FOLDS, groups };
}

/**
 * The table as committed: sorted keys at every level, two-space indent, arrays of plain values on one
 * line (as the formatter writes them), one trailing newline.
 */
export function serialiseTable(table: GroupTable): string {
  const write = (value: unknown, indent: string): string => {
    if (Array.isArray(value)) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    if (value && typeof value === 'object') {
      const inner = `${indent}  `;
      const entries = byKey(Object.entries(value as Record<string, unknown>));
      if (entries.length === 0) return '{}';
      return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${write(v, inner)}`).join(',\n')}\n${indent}}`;
    }
    return JSON.stringify(value);
  };
  return `${write(table, '')}\n`;
}

/** A document's split under a table, keyed by the group grouping gives it. */
export function splitOf(table: GroupTable, group: string): { lockbox: boolean; fold: number } {
  const split = table.groups[group];
  if (!split) throw new Error(`group ${group} is not in the split table: run \`npm run groups\``);
  return { lockbox: split.lockbox, fold: split.lockbox ? -1 : split.fold };
}

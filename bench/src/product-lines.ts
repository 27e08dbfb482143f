/**
 * Scoring of extracted product lines against a corpus truth, shared by `bench:extract` and the corpus
 * suite (packages/extract/corpus). A truth line is found when an extracted name holds at least 80 % of
 * its words in order (case and whitespace insensitive); each extracted line is matched to one truth line
 * at most, so one line naming everything cannot stand for all of them.
 */

/** A product line as the corpus truth and the extractor both write it. */
export interface ProductLine {
  name: string;
  quantity: number;
  price: string | null;
}

/** How one document's extracted lines compare with its truth lines. */
export interface LineScore {
  truth: number;
  extracted: number;
  /** Truth lines matched by an extracted line (one-to-one). */
  found: number;
  /** Of the found lines, those whose quantity and price are also right. */
  exact: number;
  /** Truth names not found, and extracted names that matched nothing: for the misses list. */
  missed: string[];
  extra: string[];
}

const words = (name: string) => name.toLowerCase().split(/\s+/).filter(Boolean);

/** Length of the longest run of `want`'s words found in `have` in order (gaps allowed). */
function wordsInOrder(want: string[], have: string[]): number {
  let previous = new Array<number>(have.length + 1).fill(0);
  for (const w of want) {
    const row = new Array<number>(have.length + 1).fill(0);
    for (let j = 1; j <= have.length; j += 1) {
      row[j] =
        have[j - 1] === w
          ? (previous[j - 1] as number) + 1
          : Math.max(previous[j] as number, row[j - 1] as number);
    }
    previous = row;
  }
  return previous[have.length] as number;
}

/**
 * True when `extracted` holds at least 80 % of `truth`'s words in order.
 * @example nameMatches('Espresso cups, set of 2', '2 x espresso  cups, set of 2') //=> true
 */
export function nameMatches(truth: string, extracted: string): boolean {
  const want = words(truth);
  if (want.length === 0) return false;
  return wordsInOrder(want, words(extracted)) >= 0.8 * want.length;
}

const samePrice = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Math.abs(Number(a) - Number(b)) < 0.005;

/**
 * Matches extracted lines to truth lines one-to-one (augmenting paths, so the count is the largest
 * possible) and counts what was found.
 */
export function scoreLines(truth: ProductLine[], extracted: ProductLine[]): LineScore {
  const candidates = truth.map((t) => extracted.flatMap((e, j) => (nameMatches(t.name, e.name) ? [j] : [])));
  const owner = new Array<number>(extracted.length).fill(-1);
  const assign = (i: number, seen: Set<number>): boolean => {
    for (const j of candidates[i] as number[]) {
      if (seen.has(j)) continue;
      seen.add(j);
      if (owner[j] === -1 || assign(owner[j] as number, seen)) {
        owner[j] = i;
        return true;
      }
    }
    return false;
  };
  for (const i of truth.keys()) assign(i, new Set());
  const matchOf = new Map(owner.flatMap((i, j) => (i === -1 ? [] : [[i, j] as const])));
  let exact = 0;
  for (const [i, j] of matchOf) {
    const t = truth[i] as ProductLine;
    const e = extracted[j] as ProductLine;
    if (t.quantity === e.quantity && samePrice(t.price, e.price)) exact += 1;
  }
  return {
    truth: truth.length,
    extracted: extracted.length,
    found: matchOf.size,
    exact,
    missed: truth.filter((_, i) => !matchOf.has(i)).map((t) => t.name),
    extra: extracted.filter((_, j) => owner[j] === -1).map((e) => e.name),
  };
}

/** Line recall, line precision and exact share (quantity and price right) over many documents. */
export function lineShares(scores: LineScore[]): {
  recall: number;
  precision: number;
  exact: number;
  truth: number;
  extracted: number;
  found: number;
} {
  const sum = (pick: (s: LineScore) => number) => scores.reduce((n, s) => n + pick(s), 0);
  const truth = sum((s) => s.truth);
  const extracted = sum((s) => s.extracted);
  const found = sum((s) => s.found);
  return {
    recall: truth === 0 ? 1 : found / truth,
    precision: extracted === 0 ? (truth === 0 ? 1 : 0) : found / extracted,
    exact: found === 0 ? 0 : sum((s) => s.exact) / found,
    truth,
    extracted,
    found,
  };
}

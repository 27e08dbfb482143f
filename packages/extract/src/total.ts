import type { ParsedAmount } from './amount';
import { type AmountRole, type LabelRole, roleOf } from './amount-roles';
import { amountsIn, type LineAmount } from './line-amounts';

export interface TotalResult {
  amount: ParsedAmount;
  confidence: number;
  signal: string;
  /** The line of the label it was read beside; null when no label named it (the largest amount). */
  line: number | null;
}

/** An amount and what its label says it is, with the line it was printed on. */
interface Labelled {
  role: AmountRole;
  strength: number;
  amount: LineAmount;
  line: number;
  /** Every amount printed on the label's line (a tax table's row holds net, tax and gross). */
  onLine: LineAmount[];
}

/** Evidence that only repeats an amount (a subtotal with tax included, a second total label). */
const WEAK_EVIDENCE = new Set(['equals-subtotal', 'agrees-with-total']);

/** Lines looked at past a bare label for its amount. */
const LABEL_REACH = 2;
/** Total candidates weighed against each other (the strongest labels first); more is hostile input. */
const MAX_CANDIDATES = 24;
/** Amounts of one role combined when checking that a document adds up. */
const MAX_PER_ROLE = 4;

const hasWords = (line: string) =>
  /[a-z]{4,}/i.test(line.replace(/\b(RM|USD|EUR|GBP|MYR|incl|inkl)\b/gi, ''));

/**
 * Every amount the document labels: in the column layout of till receipts (a run of labels, then a run of
 * as many amounts, in the same order), beside its label, or on the line or two after a bare label.
 */
function labelledAmounts(lines: string[]): Labelled[] {
  const out: Labelled[] = [];
  const amounts = lines.map((line) => amountsIn(line));
  const paired = new Set<number>();
  // Column blocks: lines without amounts, k of them naming a role, then k lines holding one amount each.
  for (let i = 0; i < lines.length; ) {
    let end = i;
    while (
      end < lines.length &&
      (amounts[end] as LineAmount[]).length === 0 &&
      /\p{L}{2}/u.test(lines[end] as string)
    )
      end += 1;
    const labels: { line: number; label: LabelRole }[] = [];
    for (let j = i; j < end; j += 1) {
      const label = roleOf(lines[j] as string);
      if (label) labels.push({ line: j, label });
    }
    const values: LineAmount[] = [];
    for (let j = end; j < lines.length && values.length < labels.length; j += 1) {
      const found = amountsIn(lines[j] as string, true);
      if (found.length !== 1 || hasWords(lines[j] as string)) break;
      values.push(found[0] as LineAmount);
    }
    if (labels.length >= 2 && values.length === labels.length) {
      for (const [k, { line, label }] of labels.entries()) {
        out.push({ ...label, amount: values[k] as LineAmount, line, onLine: [] });
        paired.add(line);
      }
    }
    i = Math.max(end, i + 1);
  }
  for (const [i, line] of lines.entries()) {
    if (paired.has(i)) continue;
    const own = amounts[i] as LineAmount[];
    const label = roleOf(own.length > 0 ? line.slice(0, (own[0] as LineAmount).index) : line);
    if (!label) continue;
    const last = own[own.length - 1];
    if (last) {
      out.push({ ...label, amount: last, line: i, onLine: own });
      continue;
    }
    for (let j = 1; j <= LABEL_REACH && i + j < lines.length; j += 1) {
      const next = lines[i + j] as string;
      if (hasWords(next)) break;
      const found = amountsIn(next, true);
      const amount = found[found.length - 1];
      if (amount) {
        out.push({ ...label, amount, line: i, onLine: [] });
        break;
      }
    }
  }
  return out;
}

/** Sums of one value from each chosen role (or none of it), for checking that a document adds up. */
function combinations(amounts: Labelled[], roles: AmountRole[]): number[][] {
  let sums: number[][] = [[]];
  for (const role of roles) {
    const values = amounts.filter((a) => a.role === role && a.amount.minor !== 0).slice(0, MAX_PER_ROLE);
    const sign = role === 'discount' ? -1 : 1;
    sums = sums.flatMap((parts) => [
      parts,
      ...values.map((v) => [...parts, sign * Math.abs(v.amount.minor)]),
    ]);
  }
  return sums;
}

/**
 * The evidence that `candidate` is the amount paid, from the document's other labelled amounts: the
 * subtotal plus tax, shipping, fees and tips, and rounding, less discounts; another total plus rounding;
 * cash tendered less change; a card charge less cashback; a card payment of the same amount; the product
 * lines adding up to it; a tax table's net and tax beside it.
 */
function addsUp(candidate: Labelled, all: Labelled[], productSum: number | null): string | null {
  const c = candidate.amount.minor;
  const others = all.filter((a) => a !== candidate);
  const bases = others.filter(
    (a) => a.role === 'subtotal' || (a.role === 'total' && a.amount.minor !== c && a.line !== candidate.line),
  );
  const adjustments = combinations(others, ['tax', 'shipping', 'fee', 'discount', 'rounding']);
  for (const base of bases) {
    for (const parts of adjustments) {
      if (parts.length === 0 && base.role === 'total') continue;
      if (base.amount.minor + parts.reduce((s, p) => s + p, 0) === c)
        return parts.length === 0 ? 'equals-subtotal' : 'subtotal-adds-up';
    }
  }
  for (const tendered of others.filter((a) => a.role === 'tendered' && a.amount.minor >= c)) {
    if (tendered.amount.minor === c) return 'paid-exactly';
    if (others.some((a) => a.role === 'change' && tendered.amount.minor - a.amount.minor === c))
      return 'tendered-less-change';
  }
  // A card charged the purchase plus cash paid out ("cashback").
  for (const paid of others.filter(
    (a) => (a.role === 'payment' || a.role === 'tendered') && a.amount.minor > c,
  )) {
    if (others.some((a) => a.role === 'cashback' && paid.amount.minor - a.amount.minor === c))
      return 'paid-less-cashback';
  }
  if (candidate.role === 'total' && others.some((a) => a.role === 'payment' && a.amount.minor === c))
    return 'card-payment';
  if (candidate.role === 'payment' && others.some((a) => a.role === 'total' && a.amount.minor === c))
    return 'labelled-total';
  if (productSum !== null && productSum === c) return 'lines-sum';
  // A tax table's total row: net and tax printed beside the gross, adding up to it.
  const own = candidate.onLine;
  if (
    own.length >= 3 &&
    own.slice(0, -1).some((a, i) => own.slice(i + 1, -1).some((b) => a.minor + b.minor === c))
  )
    return 'net-plus-tax';
  if (
    others.some(
      (a) => a.role === 'total' && a.strength >= 5 && a.line !== candidate.line && a.amount.minor === c,
    )
  )
    return 'agrees-with-total';
  return null;
}

/**
 * The amount paid, chosen among the labelled totals (and card payments) by evidence: how strong the
 * label is, and whether the document's other amounts add up to it. A consistent candidate beats a
 * stronger label that is not; a choice no arithmetic confirms gets a lower confidence. Without any
 * label, the largest amount, with little confidence.
 * `productSum(line)` answers the sum of the product lines above `line`, when there are two or more.
 * @example findTotal(['Subtotal  $90.00', 'Tax  $7.20', 'Grand total  $97.20'])?.amount.decimal //=> '97.20'
 */
export function findTotal(
  lines: string[],
  productSum: (beforeLine: number) => number | null = () => null,
): TotalResult | null {
  const labelled = labelledAmounts(lines);
  const candidates = labelled
    .filter((a) => (a.role === 'total' || a.role === 'payment') && a.amount.minor > 0)
    .sort((a, b) => b.strength - a.strength || b.line - a.line)
    .slice(0, MAX_CANDIDATES);
  let best: { candidate: Labelled; score: number; evidence: string | null } | null = null;
  for (const candidate of candidates) {
    const evidence = addsUp(candidate, labelled, productSum(candidate.line));
    // A total that only equals the subtotal (tax included) is weaker evidence than one that adds up.
    const score = candidate.strength + (evidence === null ? 0 : WEAK_EVIDENCE.has(evidence) ? 2 : 4);
    if (
      !best ||
      score > best.score ||
      (score === best.score && candidate.amount.minor > best.candidate.amount.minor) ||
      (score === best.score &&
        candidate.amount.minor === best.candidate.amount.minor &&
        candidate.line > best.candidate.line)
    ) {
      best = { candidate, score, evidence };
    }
  }
  if (best) {
    const strong = best.candidate.strength >= 5;
    const confidence = best.evidence ? (strong ? 0.97 : 0.9) : strong ? 0.85 : 0.7;
    return {
      amount: best.candidate.amount,
      confidence,
      signal: `label:total@${best.candidate.line}${best.evidence ? `+${best.evidence}` : ''}`,
      line: best.candidate.line,
    };
  }
  const all = lines
    .filter((l) => roleOf(l)?.role !== 'discount' && !/\b(save[ds]?|off)\b/i.test(l))
    .flatMap((l) => amountsIn(l))
    .filter((a) => a.minor > 0);
  const largest = all.sort((a, b) => b.minor - a.minor)[0];
  return largest ? { amount: largest, confidence: 0.3, signal: 'largest-amount', line: null } : null;
}

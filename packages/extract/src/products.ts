import type { LineAmount } from './line-amounts';
import { type Draft, lineAmountOf, type Reading, readNamesFirst } from './product-readings';
import { type Row, readRow } from './product-rows';
import { isHeadOnly } from './row-words';
import { CLOSES_ITEMS } from './summary-lines';
import type { Product } from './types';

/** Lines looked at below a table's column heads for its first item. */
const HEADER_REACH = 200;
/** The most product lines read from one document. */
const MAX_PRODUCTS = 100;

/** Where items are read: from `start` to the total's line (`end`); later blocks up to `limit`. */
interface Block {
  start: number;
  end: number;
  limit: number;
}

/**
 * Where the item block starts: after the column heads of its table when there are some (a till receipt
 * prints one head per line), else at the top. Items are read up to the total's line when it follows them.
 */
function itemBlock(rows: Row[], totalLine: number | null): Block {
  const hasAmountFrom = (from: number, to: number) =>
    rows.slice(from, to).some((r) => r.kind === 'item' || r.kind === 'money');
  // A table's heads are followed by its items, before any summary line.
  let start = rows.findIndex((r, i) => r.kind === 'header' && opensItems(rows, i));
  if (start === -1) start = 0;
  else {
    start += 1;
    while (start < rows.length && (rows[start]?.kind === 'header' || isHeadOnly((rows[start] as Row).text)))
      start += 1;
  }
  let end =
    totalLine !== null && totalLine > start && totalLine <= rows.length && hasAmountFrom(start, totalLine)
      ? totalLine
      : rows.length;
  // The shop's suggestions ("Customers who bought this also bought") are no part of the order.
  const offers = rows.findIndex((r, i) => i >= start && r.role === 'offers');
  const limit = offers === -1 ? rows.length : offers;
  end = Math.min(end, limit);
  return { start, end, limit };
}

/** True when item or amount lines follow row `at` (column heads aside) before any summary line. */
function opensItems(rows: Row[], at: number): boolean {
  for (const r of rows.slice(at + 1, at + 1 + HEADER_REACH)) {
    if (r.kind === 'item' || r.kind === 'money') return true;
    if (isHeadOnly(r.text)) continue;
    if (r.kind === 'summary') return false;
  }
  return false;
}

/**
 * Amounts first (till receipts whose transcript prints a row's numbers before its name): each run of
 * amounts belongs to the name or names printed after it.
 */
function readAmountsFirst(rows: Row[], start: number, end: number): Reading {
  const items: Draft[] = [];
  let run: number[] = [];
  let quantities: number[] = [];
  let isSwallowing = false;
  for (let i = start; i < end; i += 1) {
    const r = rows[i] as Row;
    if (r.kind === 'summary') {
      if (r.role && CLOSES_ITEMS.has(r.role) && items.length > 0) break;
      run = [];
      quantities = [];
      isSwallowing = r.price === null;
    } else if (r.kind === 'money') {
      if (!isSwallowing) run.push(i);
    } else if (r.kind === 'qty' || r.kind === 'unit') {
      if (r.quantity !== null) quantities.push(r.quantity);
    } else if (r.kind === 'item') {
      items.push({ name: r.name, quantity: r.quantity, price: r.price, at: i });
      run = [];
      quantities = [];
    } else if (r.kind === 'name' || r.kind === 'header') {
      isSwallowing = false;
      const names: number[] = [];
      for (let j = i; j < end && (rows[j]?.kind === 'name' || rows[j]?.kind === 'code'); j += 1) {
        if (rows[j]?.kind === 'name') names.push(j);
        i = j;
      }
      const n = Math.min(names.length, run.length);
      if (n > 0) {
        const named = n === 1 ? [names] : names.slice(0, n).map((at) => [at]);
        const priced = n === 1 ? [run] : run.slice(run.length - n).map((at) => [at]);
        for (let k = 0; k < n; k += 1) {
          items.push({
            name: (named[k] as number[]).map((at) => (rows[at] as Row).name).join(' '),
            quantity: quantities.length === n ? (quantities[k] ?? null) : null,
            price: lineAmountOf(rows, priced[k] as number[]),
            at: (named[k] as number[])[0] as number,
          });
        }
      }
      run = [];
      quantities = [];
    }
  }
  return { items, isDangling: run.length > 0, closedAt: null };
}

/** The minor units the items' amounts add up to (refunds and discounts printed as items included). */
const sumOf = (items: Draft[]) => items.reduce((s, d) => s + (d.price?.minor ?? 0), 0);

/** Summary amounts that come on top of the items (taxes, fees, shipping, a tip) or off them (discounts). */
const ADDED: ReadonlySet<string> = new Set(['tax', 'fee', 'shipping', 'tip']);

/**
 * True when the summary lines right after the items print what their amounts add up to, alone or with
 * the taxes, fees and discounts printed before that line.
 */
function closesWithTheirSum(items: Draft[], rows: Row[], end: number): boolean {
  const sum = sumOf(items);
  let withCharges = sum;
  // The role of an amount printed under its label ("TOTAL :" then "37.55") is its label's.
  let role: string | null = null;
  for (let i = Math.max(...items.map((d) => d.at)) + 1; i < end; i += 1) {
    const r = rows[i] as Row;
    if (r.kind === 'name' || r.kind === 'item' || r.kind === 'header') return false;
    if (r.kind === 'summary') role = r.role;
    const minor = r.price?.minor;
    if (minor === undefined) continue;
    if ((role === 'total' || role === 'subtotal') && (minor === sum || minor === withCharges)) return true;
    if (role && ADDED.has(role)) withCharges += minor;
    else if (role === 'discount') withCharges -= Math.abs(minor);
    role = null;
  }
  return false;
}

/**
 * Items in blocks, each closed by its own subtotal ("TOTAL 0% SUPPLIES", then the items taxed at 6 % and
 * "TOTAL 6% SUPPLIES"): a block after the first is read only when its summary prints what it adds up to,
 * so notes and offers after an order's total are not taken for more items.
 */
function readBlocks(rows: Row[], block: Block, isQuantityFirst: boolean): Reading {
  const { start, end, limit } = block;
  const first = readNamesFirst(rows, start, end, isQuantityFirst);
  const items = [...first.items];
  // The first list ends at the total; a later one (a second purchase on the same receipt) may follow it.
  let closedAt = first.closedAt ?? (first.items.length > 0 && end < limit ? end : null);
  for (let blocks = 1; closedAt !== null && blocks < 10; blocks += 1) {
    const from = closedAt;
    const next = rows.findIndex((r, i) => i > from && i < limit && (r.kind === 'name' || r.kind === 'item'));
    if (next === -1) break;
    const more = readNamesFirst(rows, next, limit, isQuantityFirst);
    if (more.items.length === 0 || !closesWithTheirSum(more.items, rows, limit)) break;
    items.push(...more.items);
    closedAt = more.closedAt;
  }
  const isSummed =
    first.items.length > 0 && (closesWithTheirSum(first.items, rows, end) || addsUp(items, rows));
  return { ...first, items, isSummed };
}

/** True when an amount printed after the items (a subtotal, a total) is what their amounts add up to. */
function addsUp(items: Draft[], rows: Row[]): boolean {
  if (items.length === 0) return false;
  const sum = sumOf(items);
  const from = Math.max(...items.map((d) => d.at)) + 1;
  return rows.slice(from).some((r) => r.price?.minor === sum);
}

const asDecimal = (price: LineAmount | null) => (price ? Number(price.decimal).toFixed(2) : null);

/** A list printed twice (an e-mail's two layouts of one order) is read once. */
function withoutRepeat(items: Draft[]): Draft[] {
  const half = items.length / 2;
  if (!Number.isInteger(half) || half === 0) return items;
  const same = items
    .slice(0, half)
    .every((d, k) => d.name === items[half + k]?.name && d.price?.minor === items[half + k]?.price?.minor);
  return same ? items.slice(0, half) : items;
}

/**
 * Product lines, in document order: the lines between an order's header and its totals that name a
 * product and its line amount, on one line ("2 x Espresso cups  12.00") or over several (a name, its
 * quantity and amount on lines of their own, as till receipts and order e-mails print them). Summary lines
 * (subtotal, tax, shipping, fees, discounts, payment, change: summary-lines.ts) are never products.
 * `totalLine`, the total's line when known, ends the list when the items come before it.
 * @example findProducts(['2 x Espresso cups  12.00', 'Shipping  4.95', 'Total  16.95'], 2) //=> [{ name: 'Espresso cups', quantity: 2, price: '12.00', url: null }]
 */
export function findProducts(lines: string[], totalLine: number | null): Product[] {
  return productReader(lines)(totalLine);
}

/**
 * Reads a document's lines once and answers its product lines for any total line: for callers that weigh
 * several candidate totals by what the products above each add up to.
 * @example productReader(['Kettle  29.99', 'Total  29.99'])(1) //=> [{ name: 'Kettle', quantity: 1, price: '29.99', url: null }]
 */
export function productReader(
  lines: string[],
  isProductLine?: (line: number) => boolean,
): (totalLine: number | null) => Product[] {
  const rows = lines.map(readRow);
  return (totalLine) => productsOf(rows, totalLine, isProductLine);
}

function productsOf(
  rows: Row[],
  totalLine: number | null,
  isProductLine?: (line: number) => boolean,
): Product[] {
  const block = itemBlock(rows, totalLine);
  const { start, end } = block;
  let quantityLed = 0;
  for (let i = start; i + 1 < end; i += 1) {
    const next = rows[i + 1]?.kind;
    if (rows[i]?.kind === 'qty' && (next === 'name' || next === 'item')) quantityLed += 1;
  }
  const namesFirst = readBlocks(rows, block, quantityLed >= 2);
  // Amounts before names is a till receipt's transcript only: no line there holds a name with its amount
  // or its quantity.
  const amountsFirst = rows
    .slice(start, end)
    .some((r) => r.kind === 'item' || r.isQuantityLed || (r.kind === 'name' && r.quantity !== null))
    ? { items: [], isDangling: true, closedAt: null }
    : readAmountsFirst(rows, start, end);
  const score = (r: Reading) =>
    (r.items.length > 0 ? 4 : 0) + ((r.isSummed ?? addsUp(r.items, rows)) ? 2 : 0) + (r.isDangling ? 0 : 1);
  const chosen = score(amountsFirst) > score(namesFirst) ? amountsFirst : namesFirst;
  return (
    withoutRepeat(chosen.items)
      .filter((d) => (d.price?.minor ?? 0) >= 0 && d.name.length >= 2)
      // The line classifier's word on the line a product was read up to (its amount's line).
      .filter((d) => !isProductLine || isProductLine(d.at))
      .slice(0, MAX_PRODUCTS)
      .map((d) => ({
        name: d.name.slice(0, 300),
        quantity: d.quantity && d.quantity > 0 ? d.quantity : 1,
        price: asDecimal(d.price),
        url: null,
      }))
  );
}

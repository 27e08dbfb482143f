import type { LineAmount } from './line-amounts';
import { isHeadOnly, type Row, readRow } from './product-rows';
import { CLOSES_ITEMS } from './summary-lines';
import type { Product } from './types';

/** A product line being read: its name, quantity and line amount so far. */
interface Draft {
  name: string;
  quantity: number | null;
  price: LineAmount | null;
  /** The row it was read up to (its amount's line), for checking what the document prints after it. */
  at: number;
}

/** Names read on lines of their own, waiting for their amount (wrapped names are one group). */
interface Group {
  lines: string[];
  quantity: number | null;
  isQuantityLed: boolean;
  /** A later line continues the name only when nothing but labels came between. */
  hasOnlyLabelsAfter: boolean;
}

/** What one reading of the item block gives, and whether it left a name or an amount unpaired. */
interface Reading {
  items: Draft[];
  isDangling: boolean;
  /** The summary line that closed the list, when one did. */
  closedAt: number | null;
  /** A subtotal or total printed after the items is what they add up to. */
  isSummed?: boolean;
}

/** Words of a sentence written to the reader ("Thanks for your order"), never a product's name. */
const ADDRESSES_READER =
  /(?<![\p{L}])(?:you|your|we|our|us|thanks|thank|please|ihr|ihre|wir|unser|danke|vous|votre|nous|merci|usted|su|gracias|uw|wij|bedankt|grazie|vostro)(?![\p{L}])/iu;

/** The most lines joined into one name; longer runs are headings and notes above it. */
const NAME_LINES = 3;
/** Lines looked at below a table's column heads for its first item. */
const HEADER_REACH = 200;
/** The most product lines read from one document. */
const MAX_PRODUCTS = 100;

const nameOf = (group: Group) => group.lines.slice(-NAME_LINES).join(' ');

/**
 * Where the item block starts: after the column heads of its table when there are some (a till receipt
 * prints one head per line), else at the top. Items are read up to the total's line when it follows them.
 */
function itemBlock(rows: Row[], totalLine: number | null): { start: number; end: number } {
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
  if (offers !== -1) end = Math.min(end, offers);
  return { start, end };
}

/** True when item or amount lines follow row `at` before any line that closes a list of items. */
function opensItems(rows: Row[], at: number): boolean {
  for (const r of rows.slice(at + 1, at + 1 + HEADER_REACH)) {
    if (r.kind === 'item' || r.kind === 'money') return true;
    if (isHeadOnly(r.text)) continue;
    if (r.kind === 'summary' && r.role && CLOSES_ITEMS.has(r.role)) return false;
  }
  return false;
}

/** The money rows from `from` on, over codes, labels and quantities, up to the next name or summary. */
function moneyRun(rows: Row[], from: number, end: number): { at: number[]; quantities: number[] } {
  const at: number[] = [];
  const quantities: number[] = [];
  for (let i = from; i < end; i += 1) {
    const r = rows[i] as Row;
    if (r.kind === 'money') at.push(i);
    else if (r.kind === 'qty' || r.kind === 'unit') {
      if (r.quantity !== null) quantities.push(r.quantity);
    } else if (r.kind !== 'code') break;
  }
  return { at, quantities };
}

/** The last amount of a run: a unit price comes before the line amount. */
const lineAmountOf = (rows: Row[], at: number[]): LineAmount | null => {
  const prices = at.map((i) => (rows[i] as Row).price).filter((p): p is LineAmount => p !== null);
  return prices[prices.length - 1] ?? null;
};

/**
 * Names first: each name (on its line with its amount, or on lines of its own) is followed by its amount.
 * Handles wrapped names, quantity lines before (`isQuantityFirst`, till receipts) or after the name, a
 * unit price before the line amount, and columns printed one after another (names, then their amounts).
 */
function readNamesFirst(rows: Row[], start: number, end: number, isQuantityFirst: boolean): Reading {
  const items: Draft[] = [];
  let groups: Group[] = [];
  let isSeparated = true;
  let isClosed = false;
  let isSwallowing = false;
  let hasQuantitySinceItem = false;
  let pendingQuantity: number | null = null;
  let unitQuantities: number[] = [];
  let fallback: Draft | null = null;
  let isDangling = false;
  let hasSummarySinceItem = false;
  let closedAt: number | null = null;
  const last = () => items[items.length - 1];
  const add = (draft: Draft) => {
    items.push(draft);
    hasSummarySinceItem = false;
  };
  const continueLast = (text: string) => {
    const item = last();
    if (item && !/^\d/.test(text)) item.name = `${item.name} ${text}`;
  };
  const reset = () => {
    groups = [];
    isSeparated = true;
    pendingQuantity = null;
    unitQuantities = [];
  };

  for (let i = start; i < end; i += 1) {
    const r = rows[i] as Row;
    if (isClosed) {
      if (r.kind === 'header') {
        isClosed = false;
        reset();
      }
      continue;
    }
    switch (r.kind) {
      case 'header':
        reset();
        isSwallowing = false;
        break;
      case 'summary': {
        const group = groups[groups.length - 1];
        if (items.length === 0 && !fallback && group && (r.role === 'total' || r.role === 'subtotal')) {
          // One product and its total: a name right above "Total: £2.99" with no amount of its own.
          const price = r.price ?? lineAmountOf(rows, moneyRun(rows, i + 1, end).at);
          const name = group.lines[group.lines.length - 1] as string;
          if (
            price &&
            group.hasOnlyLabelsAfter &&
            name.split(' ').length >= 3 &&
            !ADDRESSES_READER.test(name)
          )
            fallback = { name, quantity: group.quantity, price, at: i };
        }
        // A name still waiting for its amount at the first summary line after the items: this reading
        // pairs names with the wrong amounts (or the document prints names after their amounts).
        if (items.length > 0 && !hasSummarySinceItem) isDangling ||= groups.length > 0;
        hasSummarySinceItem = true;
        if (r.role && CLOSES_ITEMS.has(r.role) && items.length > 0) {
          isClosed = true;
          closedAt = i;
        }
        reset();
        isSwallowing = r.price === null;
        break;
      }
      case 'label': {
        const group = groups[groups.length - 1];
        if (r.price && group?.hasOnlyLabelsAfter) {
          // "Gukasxi Tabletop Tree" / "Condition: New" / "Fulfilled by Amazon £8.99": the named product's amount.
          add({ name: nameOf(group), quantity: group.quantity, price: r.price, at: i });
          reset();
          hasQuantitySinceItem = false;
        }
        isSeparated = true;
        break;
      }
      case 'code':
        if (isQuantityFirst && r.hasLetters && !hasQuantitySinceItem && groups.length === 0 && last()) {
          continueLast(r.text);
        }
        isSeparated = true;
        for (const g of groups) g.hasOnlyLabelsAfter = false;
        break;
      case 'qty':
        if (isQuantityFirst) {
          for (const g of groups) if (last() && g.quantity === null) continueLast(g.lines.join(' '));
          reset();
          pendingQuantity = r.quantity;
          hasQuantitySinceItem = true;
        } else {
          const group = groups[groups.length - 1];
          if (group) group.quantity ??= r.quantity;
          isSeparated = true;
        }
        break;
      case 'unit': {
        const group = groups[groups.length - 1];
        if (r.quantity !== null) {
          if (group) {
            unitQuantities.push(r.quantity);
            group.quantity ??= r.quantity;
          } else if (last() && !hasQuantitySinceItem) (last() as Draft).quantity ??= r.quantity;
        }
        isSeparated = true;
        break;
      }
      case 'name': {
        isSwallowing = false;
        if (isQuantityFirst && !hasQuantitySinceItem && last()) {
          continueLast(r.name);
          break;
        }
        const group = groups[groups.length - 1];
        if (!group || isSeparated || r.isQuantityLed || r.quantity !== null) {
          groups.push({
            lines: [r.name],
            quantity: r.quantity ?? pendingQuantity,
            isQuantityLed: r.isQuantityLed,
            hasOnlyLabelsAfter: true,
          });
        } else group.lines.push(r.name);
        isSeparated = false;
        break;
      }
      case 'item': {
        isSwallowing = false;
        const group = groups[groups.length - 1];
        if (group?.isQuantityLed && group.hasOnlyLabelsAfter && !r.isQuantityLed) {
          // "1 of: Kettle" / "Sold by: …" / "Gift wrapped $5.00": the amount is the named product's.
          add({ name: nameOf(group), quantity: group.quantity, price: r.price, at: i });
        } else {
          // Lines between two priced lines continue the name above ("Gestaltung" / "(Stunde): Einer").
          if (!isQuantityFirst) {
            for (const g of groups.slice(-2))
              if (g.quantity === null && !g.isQuantityLed) continueLast(g.lines.join(' '));
          }
          add({ name: r.name, quantity: r.quantity ?? pendingQuantity, price: r.price, at: i });
        }
        reset();
        hasQuantitySinceItem = false;
        break;
      }
      case 'money': {
        if (isSwallowing || groups.length === 0) break;
        const run = moneyRun(rows, i, end);
        // As many names as amounts pair in order (a column of names, then a column of amounts); one name
        // takes the last amount of its run (a unit price, then the line amount).
        // Amounts one under the other (no quantity between) are a column; otherwise they are one row's.
        const isColumn = run.at.every((at, k) => k === 0 || at === (run.at[k - 1] as number) + 1);
        const n = isColumn ? Math.min(groups.length, run.at.length) : 1;
        const named = groups.slice(groups.length - n);
        const priced = n === 1 ? [run.at] : run.at.slice(run.at.length - n).map((at) => [at]);
        const quantities = unitQuantities.length === n ? unitQuantities : null;
        for (const [k, group] of named.entries()) {
          add({
            name: nameOf(group),
            quantity: quantities?.[k] ?? group.quantity ?? (n === 1 ? (run.quantities[0] ?? null) : null),
            price: lineAmountOf(rows, priced[k] as number[]),
            at: (priced[k] as number[])[0] as number,
          });
        }
        i = run.at[run.at.length - 1] as number;
        reset();
        hasQuantitySinceItem = false;
        break;
      }
    }
  }
  if (items.length === 0 && fallback) return { items: [fallback], isDangling: false, closedAt };
  return { items, isDangling: isDangling || groups.length > 0, closedAt: isClosed ? closedAt : null };
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

/** True when the summary lines right after the items print what their amounts add up to. */
function closesWithTheirSum(items: Draft[], rows: Row[], end: number): boolean {
  const sum = sumOf(items);
  for (let i = Math.max(...items.map((d) => d.at)) + 1; i < end; i += 1) {
    const r = rows[i] as Row;
    if (r.kind === 'name' || r.kind === 'item' || r.kind === 'header') return false;
    if (r.price?.minor === sum) return true;
  }
  return false;
}

/**
 * Items in blocks, each closed by its own subtotal ("TOTAL 0% SUPPLIES", then the items taxed at 6 % and
 * "TOTAL 6% SUPPLIES"): a block after the first is read only when its summary prints what it adds up to,
 * so notes and offers after an order's total are not taken for more items.
 */
function readBlocks(rows: Row[], start: number, end: number, isQuantityFirst: boolean): Reading {
  const first = readNamesFirst(rows, start, end, isQuantityFirst);
  const items = [...first.items];
  let closedAt = first.closedAt;
  for (let blocks = 1; closedAt !== null && blocks < 10; blocks += 1) {
    const from = closedAt;
    const next = rows.findIndex((r, i) => i > from && i < end && (r.kind === 'name' || r.kind === 'item'));
    if (next === -1) break;
    const more = readNamesFirst(rows, next, end, isQuantityFirst);
    if (more.items.length === 0 || !closesWithTheirSum(more.items, rows, end)) break;
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
export function productReader(lines: string[]): (totalLine: number | null) => Product[] {
  const rows = lines.map(readRow);
  return (totalLine) => productsOf(rows, totalLine);
}

function productsOf(rows: Row[], totalLine: number | null): Product[] {
  const { start, end } = itemBlock(rows, totalLine);
  let quantityLed = 0;
  for (let i = start; i + 1 < end; i += 1) {
    const next = rows[i + 1]?.kind;
    if (rows[i]?.kind === 'qty' && (next === 'name' || next === 'item')) quantityLed += 1;
  }
  const namesFirst = readBlocks(rows, start, end, quantityLed >= 2);
  // Amounts before names is a till receipt's transcript only: no line there holds a name with its amount
  // or its quantity.
  const block = rows.slice(start, end);
  const amountsFirst = block.some(
    (r) => r.kind === 'item' || r.isQuantityLed || (r.kind === 'name' && r.quantity !== null),
  )
    ? { items: [], isDangling: true, closedAt: null }
    : readAmountsFirst(rows, start, end);
  const score = (r: Reading) =>
    (r.items.length > 0 ? 4 : 0) + ((r.isSummed ?? addsUp(r.items, rows)) ? 2 : 0) + (r.isDangling ? 0 : 1);
  const chosen = score(amountsFirst) > score(namesFirst) ? amountsFirst : namesFirst;
  return withoutRepeat(chosen.items)
    .filter((d) => (d.price?.minor ?? 0) >= 0 && d.name.length >= 2)
    .slice(0, MAX_PRODUCTS)
    .map((d) => ({
      name: d.name.slice(0, 300),
      quantity: d.quantity && d.quantity > 0 ? d.quantity : 1,
      price: asDecimal(d.price),
      url: null,
    }));
}

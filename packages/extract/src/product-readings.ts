import { alternativesOf, inEveryLanguage } from './lexicon';
import type { LineAmount } from './line-amounts';
import type { Row } from './product-rows';
import { isHeadOnly } from './row-words';
import { CLOSES_ITEMS } from './summary-lines';

/**
 * The names-first reading of an item block (product-rows.ts reads its lines): each name, on its line with
 * its amount or on lines of its own, followed by its amount, as e-mails, invoices and most receipts print
 * them. products.ts also reads the block amounts first and chooses.
 */

/** A product line being read: its name, quantity and line amount so far. */
export interface Draft {
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
  /** The last quantity printed on a line of its own under the name. */
  counted?: number | null;
  /** Only labels (a seller, a condition) came after the name: a line with an amount there prices it. */
  hasOnlyLabelsAfter: boolean;
}

/** What one reading of the item block gives, and whether it left a name or an amount unpaired. */
export interface Reading {
  items: Draft[];
  isDangling: boolean;
  /** The summary line that closed the list, when one did. */
  closedAt: number | null;
  /** A subtotal or total printed after the items is what they add up to. */
  isSummed?: boolean;
}

/** Words of a sentence written to the reader ("Thanks for your order"), never a product's name. */
const ADDRESSES_READER = new RegExp(
  `(?<![\\p{L}])(?:${alternativesOf(inEveryLanguage((l) => l.addressesReader))})(?![\\p{L}])`,
  'iu',
);

/** The most lines under an item that continue its name. */
const WRAPPED_LINES = 3;
/** The most lines joined into one name; longer runs are headings and notes above it. */
const NAME_LINES = 3;

const nameOf = (group: Group) => group.lines.slice(-NAME_LINES).join(' ');

/**
 * The lines under an item that continue its name: up to three short lines of words (or a word in brackets)
 * that no amount follows (lines followed by an amount name the next item).
 */
function wrappedLines(rows: Row[], from: number, end: number): number[] {
  const lines: number[] = [];
  for (let i = from; i < end && lines.length < WRAPPED_LINES; i += 1) {
    const r = rows[i] as Row;
    const isWord = r.kind === 'name' && r.quantity === null && !r.isQuantityLed && !/^\d/.test(r.text);
    const isBracketed = r.kind === 'code' && /^\(\p{L}+\)$/u.test(r.text);
    if (!(isWord || isBracketed) || r.text.split(' ').length > 4) break;
    lines.push(i);
  }
  const next = rows[from + lines.length];
  const isNamingNext = next && (next.kind === 'money' || next.kind === 'unit' || next.kind === 'qty');
  return isNamingNext ? [] : lines;
}

/** True when a unit row's quantity times its unit price is `amount` ("4 Stk x 0,29" and 1,16). */
function isTimes(unit: Row, amount: LineAmount | null): boolean {
  if (!unit.price || !amount || unit.quantity === null) return false;
  return Math.abs(unit.quantity * unit.price.minor - amount.minor) <= 1;
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
export const lineAmountOf = (rows: Row[], at: number[]): LineAmount | null => {
  const prices = at.map((i) => (rows[i] as Row).price).filter((p): p is LineAmount => p !== null);
  return prices[prices.length - 1] ?? null;
};

/**
 * Names first: each name (on its line with its amount, or on lines of its own) is followed by its amount.
 * Handles wrapped names, quantity lines before (`isQuantityFirst`, till receipts) or after the name, a
 * unit price before the line amount, and columns printed one after another (names, then their amounts).
 */
export function readNamesFirst(rows: Row[], start: number, end: number, isQuantityFirst: boolean): Reading {
  const items: Draft[] = [];
  let groups: Group[] = [];
  let isSeparated = true;
  let isClosed = false;
  let isSwallowing = false;
  let hasQuantitySinceItem = false;
  let pendingQuantity: number | null = null;
  let unitQuantities: number[] = [];
  let pendingUnit: Row | null = null;
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
    pendingUnit = null;
    unitQuantities = [];
  };

  for (let i = start; i < end; i += 1) {
    const r = rows[i] as Row;
    if (isClosed && r.kind !== 'header') continue;
    switch (r.kind) {
      case 'header':
        // The next page's table heads reopen a list its subtotal closed.
        isClosed = false;
        reset();
        isSwallowing = false;
        // A table's heads may run over several lines ("Ohne  Ohne MwSt." under "VK-Preis").
        while (i + 1 < end && isHeadOnly((rows[i + 1] as Row).text)) i += 1;
        break;
      case 'summary': {
        const group = groups[groups.length - 1];
        if (r.role === 'price' || r.role === 'line-total') {
          // A product's unit price or its own total under its name ("Item total: $199.00"), no summary.
          if (r.role === 'line-total' && r.price && group) {
            add({
              name: nameOf(group),
              quantity: group.quantity ?? group.counted ?? null,
              price: r.price,
              at: i,
            });
            reset();
            hasQuantitySinceItem = false;
          }
          isSeparated = true;
          break;
        }
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
          // Of several quantity columns (issued, exchanged, sold) the last is what was sold.
          const group = groups[groups.length - 1];
          if (group) group.counted = r.quantity;
          isSeparated = true;
        }
        break;
      case 'unit': {
        const group = groups[groups.length - 1];
        const item = last();
        if (r.quantity !== null) {
          if (group) {
            unitQuantities.push(r.quantity);
            group.quantity ??= r.quantity;
          } else if (item && !hasQuantitySinceItem && (!r.price || isTimes(r, item.price))) {
            // "KIWI  1,16" / "4 Stk x 0,29": the quantity of the line above, when it multiplies out.
            item.quantity ??= r.quantity;
          } else pendingUnit = r;
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
          // A name cell wrapped under its row: "Verbundene" / "Wohngebäudeversicherung", then no amount.
          const wrapped = wrappedLines(rows, i + 1, end);
          const name = [r.name, ...wrapped.map((at) => (rows[at] as Row).text)].join(' ');
          // "2 x 0,89" above "YAOURT NATURE  1,78": a quantity for the line below, when it multiplies out.
          const unitQuantity = pendingUnit && isTimes(pendingUnit, r.price) ? pendingUnit.quantity : null;
          add({ name, quantity: r.quantity ?? unitQuantity ?? pendingQuantity, price: r.price, at: i });
          i += wrapped.length;
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
            quantity:
              quantities?.[k] ??
              group.quantity ??
              group.counted ??
              (n === 1 ? (run.quantities[run.quantities.length - 1] ?? null) : null),
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

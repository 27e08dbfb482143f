import { documentWord } from '@warrantly/extract/document-word';
import { needsReview } from '@warrantly/extract/memory';
import { categorize } from '@warrantly/extract/product-category';
import type { Extraction } from '@warrantly/extract/types';
import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import { findMainProduct, isConsumable } from '../parts/consumables.service';
import { linkWaitingParts } from '../parts/part-links.service';
import { parsePrice } from './amounts';
import { estimateWarranty } from './categories';
import * as repo from './purchases.repository';

export interface ImportSource {
  source: 'gmail' | 'outlook' | 'pdf';
  /** Message id or file hash: with the line number, unique per user, so a re-import never duplicates. */
  sourceRef: string;
  /** Used when the document names no purchase date (an e-mail's Date header). */
  fallbackDate: string | null;
  /** Extraction status recorded on each line. */
  status: 'success' | 'partial' | 'failed';
}

/** True when extraction found enough to make a purchase of: a product line or at least a total. */
export function hasPurchase(extraction: Extraction): boolean {
  return extraction.products.length > 0 || extraction.total !== null;
}

/**
 * `success` when merchant, date, total and at least one product line were all read; `partial` otherwise,
 * which the app shows as needing review (a document with no readable product line is named after itself).
 */
export function extractionStatus(extraction: Extraction): 'success' | 'partial' {
  return extraction.merchant && extraction.purchase_date && extraction.total && extraction.products.length > 0
    ? 'success'
    : 'partial';
}

/**
 * The name of a purchase whose document shows no readable product line, in the document's own words:
 * "Hetzner invoice R0005532486", or the merchant and the date when it prints no number. Never a bare
 * shop name (nothing the user bought is called "Hetzner").
 */
export function documentTitle(extraction: Extraction, purchaseDate: string | null): string {
  const word = documentWord(extraction);
  const reference = extraction.order_id?.trim() || purchaseDate;
  const head = extraction.merchant
    ? `${extraction.merchant} ${word}`
    : word.charAt(0).toUpperCase() + word.slice(1);
  return reference ? `${head} ${reference}` : head;
}

/**
 * Writes one purchase per product line of an extraction (one for the whole document when it lists none,
 * named after the document and marked `partial` for review), inside the caller's transaction: order
 * number made unique per user, category from the product words, warranty estimated from the category,
 * consumables linked to the main product the user owns (with no warranty of their own), and parts already
 * held linked to a main product that comes later. Lines already imported from the same source are left
 * alone. Answers the ids written.
 */
export async function importExtraction(
  trx: Db,
  userId: string,
  defaultCurrency: string,
  extraction: Extraction,
  from: ImportSource,
  now: Date,
): Promise<{ ids: number[]; orderId: string }> {
  const purchaseDate = extraction.purchase_date ?? from.fallbackDate;
  const merchant = extraction.merchant;
  const hasLines = extraction.products.length > 0;
  const lines = hasLines
    ? extraction.products
    : [{ name: documentTitle(extraction, purchaseDate), quantity: 1, price: extraction.total, url: null }];
  // A purchase named after its document, not after what was bought, is one for the user to review.
  const status = hasLines ? from.status : 'partial';
  const orderId = await uniqueOrderId(trx, userId, extraction.order_id, from);
  // What was read below its threshold, or does not add up, waits in the review inbox.
  const reasons = needsReview(extraction);
  const review =
    reasons.length > 0 ? { review_state: 'pending' as const, review_reasons: JSON.stringify(reasons) } : {};
  // The user's products are read only when a line is a consumable to link: most imports need none.
  let owned: Promise<repo.OwnedProduct[]> | undefined;
  const ownedProducts = () => {
    owned ??= repo.selectOwnedProducts(trx, userId);
    return owned;
  };
  const ids: number[] = [];
  for (const [lineNo, line] of lines.entries()) {
    if (await repo.isLineImported(trx, userId, from.source, from.sourceRef, lineNo)) continue;
    const price =
      line.price === null ? null : extraction.currency ? `${extraction.currency} ${line.price}` : line.price;
    const category = categorize(line.name);
    const main = isConsumable(line.name) ? findMainProduct(line.name, await ownedProducts()) : null;
    // A part linked to its product is replaced on an interval: it has no warranty of its own.
    const warranty = main ? null : estimateWarranty(category, purchaseDate);
    const id = await repo.insertOrder(trx, {
      user_id: userId,
      order_id: orderId,
      product_name: line.name.slice(0, 500),
      shop_name: merchant,
      purchase_date: purchaseDate,
      price,
      ...parsePrice(price, defaultCurrency),
      warranty_expire_date: warranty,
      warranty_estimated: warranty ? 1 : 0,
      category,
      status,
      source: from.source,
      source_ref: from.sourceRef,
      line_no: lineNo,
      parent_id: main?.mainId ?? null,
      replace_every_days: main?.everyDays ?? null,
      store_link: line.url,
      order_total: extraction.total,
      order_currency: extraction.currency,
      ...review,
      created_at: timestamp(now),
      updated_at: timestamp(now),
    });
    ids.push(id);
    if (owned) (await owned).unshift({ id, product_name: line.name, parent_id: main?.mainId ?? null });
    // Parts bought before their product, or read from mail before its order, are linked to it now.
    if (!main) await linkWaitingParts(trx, userId, { id, product_name: line.name }, now);
  }
  if (ids.length > 0) await repo.bumpDataVersion(trx, userId);
  return { ids, orderId };
}

const GENERATED_ORDER_ID = /^(GMAIL|OUTLOOK|PDF)-[^\s]{1,12}(-\d+)?$/;

/** True for a number Warrantly made up for a document that printed none (`uniqueOrderId`). */
export function isGeneratedOrderId(orderId: string): boolean {
  return GENERATED_ORDER_ID.test(orderId);
}

/**
 * The merchant's order number, unless another import of this user already uses it for a different
 * document: then a suffix keeps orders apart. Documents with no number get a generated one.
 */
async function uniqueOrderId(
  trx: Db,
  userId: string,
  wanted: string | null,
  from: ImportSource,
): Promise<string> {
  const base = wanted?.trim() || `${from.source.toUpperCase()}-${from.sourceRef.slice(0, 12).toUpperCase()}`;
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const holder = await repo.findOrderSource(trx, userId, candidate);
    if (!holder || (holder.source === from.source && holder.source_ref === from.sourceRef)) return candidate;
  }
}

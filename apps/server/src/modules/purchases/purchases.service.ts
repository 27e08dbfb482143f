import { randomBytes } from 'node:crypto';
import type { Purchase, PurchaseCreate, PurchaseUpdate, TotalPrice } from '@warrantly/contract/purchases';
import type { Corrected } from '@warrantly/extract/memory';
import { categorize } from '@warrantly/extract/product-category';
import { addDays, isoDate, timestamp } from '../../dates';
import type { Db, OrderRow, OrderUpdate } from '../../db/schema';
import { AppError, invalidFields } from '../../errors';
import type { ChangeNotifier } from '../../user-data-changes';
import { learn } from '../memory/memory.service';
import {
  type FileStoreDeps,
  forgetFiles,
  type IncomingFile,
  orderExtraction,
  recordFile,
  withStoredFile,
} from '../receipts/receipt-files.service';
import {
  currencyDigits,
  type ParsedPrice,
  type PriceBefore,
  parsePrice,
  toMajor,
  typedPrice,
  UNREADABLE_AMOUNT,
} from './amounts';
import * as repo from './purchases.repository';
import { EXPIRING_SOON_DAYS, warrantyStatus } from './warranty';

export type PurchaseDeps = FileStoreDeps & ChangeNotifier;

/** How purchases read money, for modules that add amounts up (a receipt's order total). */
export { currencyDigits, parsePrice, toMajor } from './amounts';

/** Turns a row into the API's purchase shape; `today` decides the derived warranty status. */
export function toPurchase(row: repo.PurchaseRow, today: string): Purchase {
  return {
    id: row.id,
    order_id: row.order_id,
    product_name: row.product_name,
    shop_name: row.shop_name,
    purchase_date: row.purchase_date,
    price: row.price,
    warranty_expire_date: row.warranty_expire_date,
    warranty_status: warrantyStatus(row.warranty_expire_date, today),
    status: row.status,
    category: row.category,
    amount:
      row.amount_minor === null || row.currency === null ? null : toMajor(row.amount_minor, row.currency),
    currency: row.currency,
    has_currency: row.has_currency === 1,
    order_total: row.order_total,
    source: row.source,
    warranty_estimated: row.warranty_estimated === 1,
    parent_id: row.parent_id,
    replace_every_days: row.replace_every_days,
    store_link: row.store_link,
    has_file: row.document_id !== null,
    review_state: row.review_state,
  };
}

export async function listPurchases(db: Db, userId: string, now: Date): Promise<Purchase[]> {
  const today = isoDate(now);
  return (await repo.listPurchases(db, userId)).map((row) => toPurchase(row, today));
}

export async function getPurchase(db: Db, userId: string, id: number, now: Date): Promise<Purchase> {
  const row = await repo.findPurchase(db, userId, id);
  // Another user's id looks exactly like an absent one.
  if (!row) throw new AppError('not_found', 'Purchase not found');
  return toPurchase(row, isoDate(now));
}

/** The data version and default currency: one primary-key read, enough to answer a conditional request. */
export async function dataVersion(db: Db, userId: string) {
  const row = await repo.findDataVersion(db, userId);
  if (!row) throw new AppError('unauthorized', 'The account of this access token no longer exists');
  return { version: Number(row.data_version), defaultCurrency: row.default_currency };
}

export async function createPurchase(
  deps: PurchaseDeps,
  userId: string,
  input: PurchaseCreate,
  file: IncomingFile | null,
  now: Date,
): Promise<Purchase> {
  const { defaultCurrency } = await dataVersion(deps.db, userId);
  const price = checkedFields(input.price, defaultCurrency, undefined, {
    purchase: input.purchase_date,
    warranty: input.warranty_expire_date ?? null,
  });
  const id = await withStoredFile(deps, userId, file, async (trx, stored) => {
    await checkParent(trx, userId, input.parent_id ?? null, null);
    const orderId = await newOrderId(trx, userId);
    const rowId = await repo.insertOrder(trx, {
      user_id: userId,
      order_id: orderId,
      product_name: input.product_name,
      shop_name: input.shop_name ?? null,
      purchase_date: input.purchase_date,
      price: input.price ?? null,
      ...price,
      warranty_expire_date: input.warranty_expire_date ?? null,
      category: input.category ?? categorize(input.product_name),
      status: stored ? 'success' : 'manual',
      source: 'manual',
      parent_id: input.parent_id ?? null,
      replace_every_days: input.replace_every_days ?? null,
      store_link: input.store_link ?? null,
      created_at: timestamp(now),
      updated_at: timestamp(now),
    });
    if (stored) await recordFile(trx, userId, orderId, stored, 'success', null);
    await repo.bumpDataVersion(trx, userId);
    return rowId;
  });
  deps.onUserDataChanged(userId);
  return getPurchase(deps.db, userId, id, now);
}

/** Partial update: only the fields sent change; `invoice_pdf` replaces the order's file. */
export async function updatePurchase(
  deps: PurchaseDeps,
  userId: string,
  id: number,
  input: PurchaseUpdate,
  file: IncomingFile | null,
  now: Date,
): Promise<Purchase> {
  const existing = await repo.findOrderRow(deps.db, userId, id);
  if (!existing) throw new AppError('not_found', 'Purchase not found');
  const { defaultCurrency } = await dataVersion(deps.db, userId);
  const changes: OrderUpdate = {};
  for (const key of [
    'product_name',
    'shop_name',
    'purchase_date',
    'warranty_expire_date',
    'category',
    'store_link',
    'parent_id',
    'replace_every_days',
  ] as const) {
    if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
  }
  const dates = {
    purchase: input.purchase_date === undefined ? existing.purchase_date : input.purchase_date,
    warranty:
      input.warranty_expire_date === undefined ? existing.warranty_expire_date : input.warranty_expire_date,
  };
  // Dates as they were pass as they are: an imported pair must not block an edit of other fields.
  const datesMoved =
    dates.purchase !== existing.purchase_date || dates.warranty !== existing.warranty_expire_date;
  const price = checkedFields(input.price, defaultCurrency, existing, datesMoved ? dates : null);
  if (input.price !== undefined) Object.assign(changes, { price: input.price }, price);
  if (input.warranty_expire_date !== undefined) changes.warranty_estimated = 0;

  await withStoredFile(deps, userId, file, async (trx, stored, removeAfterCommit) => {
    if (input.parent_id !== undefined) await checkParent(trx, userId, input.parent_id, id);
    if (stored) {
      removeAfterCommit(await recordFile(trx, userId, existing.order_id, stored, 'success', null));
      if (existing.source === 'manual') changes.status = 'success';
    }
    if (Object.keys(changes).length > 0) await repo.updateOrder(trx, userId, id, changes);
    // A field of a purchase read from a document, corrected: the next document of its sender reads it so.
    if (existing.source !== 'manual') await learnFromEdit(deps, trx, userId, existing, changes, now);
    await repo.bumpDataVersion(trx, userId);
  });
  deps.onUserDataChanged(userId);
  return getPurchase(deps.db, userId, id, now);
}

/**
 * What an edit teaches memory: the shop name and purchase date as the user set them, and the price of a
 * one-line order as its total.
 */
async function learnFromEdit(
  deps: PurchaseDeps,
  trx: Db,
  userId: string,
  existing: OrderRow,
  changes: OrderUpdate,
  now: Date,
): Promise<void> {
  const corrected: Corrected = {};
  if (changes.shop_name !== undefined) corrected.merchant = changes.shop_name;
  if (changes.purchase_date !== undefined) corrected.purchase_date = changes.purchase_date;
  const minor = changes.amount_minor;
  const currency = changes.currency ?? existing.currency;
  if (
    typeof minor === 'number' &&
    currency &&
    (await repo.countOrderLines(trx, userId, existing.order_id)) === 1
  )
    corrected.total = toMajor(minor, currency).toFixed(currencyDigits(currency));
  if (Object.keys(corrected).length === 0) return;
  const extraction = await orderExtraction(trx, deps.encryptionKey, userId, existing.order_id);
  await learn(trx, deps.encryptionKey, userId, extraction, corrected, now);
}

/** Deletes one purchase; the order's file goes with its last line. Row first, then the file. */
export async function deletePurchase(deps: PurchaseDeps, userId: string, id: number): Promise<void> {
  const existing = await repo.findOrderRow(deps.db, userId, id);
  if (!existing) throw new AppError('not_found', 'Purchase not found');
  await withStoredFile(deps, userId, null, async (trx, _stored, removeAfterCommit) => {
    const remaining = await repo.deleteOrderLine(trx, userId, id, existing.order_id);
    if (remaining === 0)
      for (const key of await forgetFiles(trx, userId, existing.order_id)) removeAfterCommit(key);
    await repo.bumpDataVersion(trx, userId);
  });
  deps.onUserDataChanged(userId);
}

export async function totalPrice(db: Db, userId: string, defaultCurrency: string): Promise<TotalPrice> {
  const rows = await repo.sumByCurrency(db, userId);
  const by_currency: Record<string, number> = {};
  let mostUsed = defaultCurrency;
  let mostLines = -1;
  for (const row of rows) {
    const currency = row.currency ?? defaultCurrency;
    by_currency[currency] = toMajor(Number(row.minor), currency) + (by_currency[currency] ?? 0);
    const lines = Number(row.lines);
    if (lines > mostLines) [mostUsed, mostLines] = [currency, lines];
  }
  // The default currency leads; a user with no amount in it sees the currency most purchases are in
  // rather than a zero.
  const main = defaultCurrency in by_currency || rows.length === 0 ? defaultCurrency : mostUsed;
  return { total_purchase_price: by_currency[main] ?? 0, currency: main, by_currency };
}

export async function activeWarrantyCount(db: Db, userId: string, now: Date) {
  return { total_active_products: await repo.countActiveWarranties(db, userId, isoDate(now)) };
}

export async function upcomingWarrantyCount(db: Db, userId: string, now: Date) {
  const today = isoDate(now);
  const count = await repo.countWarrantiesEnding(db, userId, today, addDays(today, EXPIRING_SOON_DAYS));
  return { total_upcoming_warranty: count };
}

/**
 * The rules a form's fields keep together, refused in words by field: the amount must read as money (see
 * typedPrice), and a warranty cannot end before the purchase.
 */
function checkedFields(
  price: string | null | undefined,
  defaultCurrency: string,
  before: PriceBefore | undefined,
  dates: { purchase: string | null | undefined; warranty: string | null } | null,
): ParsedPrice {
  const refused: Record<string, string> = {};
  const parsed = typedPrice(price, defaultCurrency, before);
  if (!parsed) refused.price = UNREADABLE_AMOUNT;
  if (dates?.purchase && dates.warranty && dates.warranty < dates.purchase) {
    refused.warranty_expire_date = 'Warranty date cannot be before the purchase date';
  }
  if (Object.keys(refused).length > 0) throw invalidFields(refused);
  return parsed ?? parsePrice(null, defaultCurrency);
}

/** A part's main product must be another purchase of the same user. */
async function checkParent(db: Db, userId: string, parentId: number | null, selfId: number | null) {
  if (parentId === null) return;
  if (parentId === selfId) throw invalidFields({ parent_id: 'A purchase cannot be a part of itself' });
  const parent = await repo.findOrderRow(db, userId, parentId);
  if (!parent) throw invalidFields({ parent_id: 'That main product is not one of your purchases' });
  if (parent.parent_id !== null) {
    throw invalidFields({ parent_id: 'That purchase is itself a part: choose its main product' });
  }
}

/** Hand-made purchases get an order number of their own, unique per user. */
async function newOrderId(db: Db, userId: string): Promise<string> {
  for (;;) {
    const candidate = `WL-${randomBytes(6).toString('hex').toUpperCase()}`;
    if (!(await repo.orderIdExists(db, userId, candidate))) return candidate;
  }
}

/** The purchase lines reminders are made of (warranty ends, replacement intervals). */
export function listReminderSources(db: Db, userId: string) {
  return repo.listReminderSources(db, userId);
}

/**
 * Reads again every price typed without a currency in the new default `currency`, inside the caller's
 * transaction: those prices are in the default currency by definition, so totals change with it.
 */
export async function repriceBareAmounts(trx: Db, userId: string, currency: string): Promise<void> {
  for (const row of await repo.listBarePrices(trx, userId)) {
    await repo.updateOrder(trx, userId, row.id, parsePrice(row.price, currency));
  }
}

/** A user's purchases picked by another module (a receipt's lines, a sync's new lines), as the API shows them. */
export async function findPurchases(
  db: Db,
  userId: string,
  filter: repo.PurchaseFilter,
  now: Date,
): Promise<Purchase[]> {
  const today = isoDate(now);
  return (await repo.findPurchasesWhere(db, userId, filter)).map((row) => toPurchase(row, today));
}

/** Moves the user's data version inside the caller's transaction: cached reads and ETags change with it. */
export function noteDataChanged(trx: Db, userId: string): Promise<void> {
  return repo.bumpDataVersion(trx, userId);
}

/** Sets fields of one purchase line (a later mail filling what the first one lacked). */
export function updatePurchaseLine(trx: Db, userId: string, id: number, changes: OrderUpdate): Promise<void> {
  return repo.updateOrder(trx, userId, id, changes);
}

import { randomBytes } from 'node:crypto';
import type { Purchase, PurchaseCreate, PurchaseUpdate, TotalPrice } from '@warrantly/contract/purchases';
import type { Kysely } from 'kysely';
import { addDays, isoDate, timestamp } from '../../dates';
import type { Database, Db, OrderUpdate } from '../../db/schema';
import { AppError } from '../../errors';
import type { BlobStore } from '../../storage/blob-store';
import type { EncryptionKeys } from '../../storage/envelope';
import * as receipts from '../receipts/receipts.service';
import { parsePrice, toMajor } from './amounts';
import { categorize } from './categories';
import * as repo from './purchases.repository';
import { EXPIRING_SOON_DAYS, warrantyStatus } from './warranty';

export interface PurchaseDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  encryptionKey: EncryptionKeys;
  /** Test-only crash point, see config FAILPOINT. */
  failpoint?: string | undefined;
}

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
  file: { filename: string; bytes: Uint8Array; sha256?: string } | null,
  now: Date,
): Promise<Purchase> {
  const { defaultCurrency } = await dataVersion(deps.db, userId);
  const stored = file ? await receipts.storeFile(deps, userId, file) : null;
  if (deps.failpoint === 'after-blob-write') process.exit(137);
  let id: number;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      await checkParent(trx, userId, input.parent_id ?? null, null);
      const orderId = await newOrderId(trx, userId);
      const rowId = await repo.insertOrder(trx, {
        user_id: userId,
        order_id: orderId,
        product_name: input.product_name,
        shop_name: input.shop_name ?? null,
        purchase_date: input.purchase_date,
        price: input.price ?? null,
        ...parsePrice(input.price, defaultCurrency),
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
      if (stored) await receipts.recordFile(trx, userId, orderId, stored, 'success', null);
      await repo.bumpDataVersion(trx, userId);
      return rowId;
    });
  } catch (error) {
    if (stored) await deps.blobs.remove(stored.storage_key);
    throw error;
  }
  return getPurchase(deps.db, userId, id, now);
}

/** Partial update: only the fields sent change; `invoice_pdf` replaces the order's file. */
export async function updatePurchase(
  deps: PurchaseDeps,
  userId: string,
  id: number,
  input: PurchaseUpdate,
  file: { filename: string; bytes: Uint8Array; sha256?: string } | null,
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
  if (input.price !== undefined)
    Object.assign(changes, { price: input.price }, parsePrice(input.price, defaultCurrency));
  if (input.warranty_expire_date !== undefined) changes.warranty_estimated = 0;

  const stored = file ? await receipts.storeFile(deps, userId, file) : null;
  let replacedKey: string | null = null;
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (input.parent_id !== undefined) await checkParent(trx, userId, input.parent_id, id);
      if (stored) {
        replacedKey = await receipts.recordFile(trx, userId, existing.order_id, stored, 'success', null);
        if (existing.source === 'manual') changes.status = 'success';
      }
      if (Object.keys(changes).length > 0) await repo.updateOrder(trx, userId, id, changes);
      await repo.bumpDataVersion(trx, userId);
    });
  } catch (error) {
    if (stored) await deps.blobs.remove(stored.storage_key);
    throw error;
  }
  if (replacedKey) await deps.blobs.remove(replacedKey);
  return getPurchase(deps.db, userId, id, now);
}

/** Deletes one purchase; the order's file goes with its last line. Row first, then the file. */
export async function deletePurchase(deps: PurchaseDeps, userId: string, id: number): Promise<void> {
  const existing = await repo.findOrderRow(deps.db, userId, id);
  if (!existing) throw new AppError('not_found', 'Purchase not found');
  const removedKey = await deps.db.transaction().execute(async (trx) => {
    const remaining = await repo.deleteOrderLine(trx, userId, id, existing.order_id);
    const key = remaining === 0 ? await receipts.forgetFile(trx, userId, existing.order_id) : null;
    await repo.bumpDataVersion(trx, userId);
    return key;
  });
  if (removedKey) await deps.blobs.remove(removedKey);
}

export async function totalPrice(db: Db, userId: string, defaultCurrency: string): Promise<TotalPrice> {
  const rows = await repo.sumByCurrency(db, userId);
  const by_currency: Record<string, number> = {};
  let main = defaultCurrency;
  let mainLines = -1;
  for (const row of rows) {
    const currency = row.currency ?? defaultCurrency;
    by_currency[currency] = toMajor(Number(row.minor), currency) + (by_currency[currency] ?? 0);
    const lines = Number(row.lines);
    // The user's main currency is the one most of their purchases are in; ties go to the default.
    if (lines > mainLines || (lines === mainLines && currency === defaultCurrency)) {
      main = currency;
      mainLines = lines;
    }
  }
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

/** A part's main product must be another purchase of the same user. */
async function checkParent(db: Db, userId: string, parentId: number | null, selfId: number | null) {
  if (parentId === null) return;
  if (parentId === selfId)
    throw new AppError('invalid_input', 'parent_id: a purchase cannot be a part of itself');
  const parent = await repo.findOrderRow(db, userId, parentId);
  if (!parent) throw new AppError('invalid_input', 'parent_id: no such purchase');
  if (parent.parent_id !== null) {
    throw new AppError('invalid_input', 'parent_id: that purchase is itself a part; choose its main product');
  }
}

/** Hand-made purchases get an order number of their own, unique per user. */
async function newOrderId(db: Db, userId: string): Promise<string> {
  for (;;) {
    const candidate = `WL-${randomBytes(6).toString('hex').toUpperCase()}`;
    if (!(await repo.orderIdExists(db, userId, candidate))) return candidate;
  }
}

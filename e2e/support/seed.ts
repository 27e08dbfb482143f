import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

const NAMES = ['Dishwasher', 'Espresso machine', 'Laptop', 'Desk chair', 'Air purifier', 'Headphones'];
const SHOPS = ['Brightline Electronics', 'HomeCore Appliances', 'Harrow & Finch', null];
/** Prices as people and shops write them, with what the server would have parsed from each. */
const PRICES = [
  { price: '1,299.00', minor: 129_900, currency: 'USD', hasCurrency: 0 },
  { price: '€ 49,90', minor: 4990, currency: 'EUR', hasCurrency: 1 },
  { price: '89.99', minor: 8999, currency: 'USD', hasCurrency: 0 },
  { price: '£249.00', minor: 24_900, currency: 'GBP', hasCurrency: 1 },
  { price: null, minor: null, currency: null, hasCurrency: 0 },
];

export interface SeedOptions {
  /** Days of warranty after each purchase (2 years unless told): later purchases' warranties still run. */
  warrantyDays?: number;
  /** Every so many purchases, one is a replacement part (every 180 days) of the purchase before it. */
  partsEvery?: number;
  /**
   * Every so many purchases, one has a receipt: its document's row only, no file, so the Receipts page
   * lists it but opening its file fails.
   */
  receiptsEvery?: number;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Writes `count` purchases for `userId` straight into the SQLite file of a server running in another
 * process (`dataDir/warrantly.db`), in one transaction through one prepared statement: a thousand through
 * the API would take a minute. One a day, the last yesterday, named `{product} {n}` (n from 1, the oldest).
 * The user's data version is raised in the same transaction, as a writer beside the server must (README,
 * "Reads ... answered from memory"), so the server's cached answers for the user go stale.
 */
export function insertPurchases(
  dataDir: string,
  userId: string,
  count: number,
  options: SeedOptions = {},
): void {
  const warrantyDays = options.warrantyDays ?? 730;
  const db = new Database(path.join(dataDir, 'warrantly.db'));
  db.pragma('busy_timeout = 10000');
  try {
    const insert = db.prepare(
      `insert into orders (user_id, order_id, product_name, shop_name, purchase_date, price, amount_minor, currency,
        has_currency, warranty_expire_date, status, source, parent_id, replace_every_days, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'manual', 'manual', ?, ?, ?, ?)`,
    );
    const now = new Date().toISOString();
    const today = Date.parse(`${now.slice(0, 10)}T00:00:00Z`);
    const raiseVersion = db.prepare('update users set data_version = data_version + 1 where id = ?');
    const addDocument = db.prepare(
      `insert into documents (user_id, order_id, filename, mime, size, sha256, storage_key, extraction_status, created_at)
       values (?, ?, ?, 'application/pdf', 2048, ?, ?, 'success', ?)`,
    );
    db.transaction(() => {
      raiseVersion.run(userId);
      let previousId: number | null = null;
      for (let n = 1; n <= count; n += 1) {
        const bought = today - (count - n + 1) * 86_400_000;
        const price = PRICES[n % PRICES.length] as (typeof PRICES)[number];
        const isPart =
          options.partsEvery !== undefined && n % options.partsEvery === 0 && previousId !== null;
        const orderId = `SEED-${String(n).padStart(6, '0')}`;
        const { lastInsertRowid } = insert.run(
          userId,
          orderId,
          `${NAMES[n % NAMES.length]} ${n}`,
          SHOPS[n % SHOPS.length] ?? null,
          day(bought),
          price.price,
          price.minor,
          price.currency,
          price.hasCurrency,
          day(bought + warrantyDays * 86_400_000),
          isPart ? previousId : null,
          isPart ? 180 : null,
          now,
          now,
        );
        previousId = Number(lastInsertRowid);
        if (options.receiptsEvery !== undefined && n % options.receiptsEvery === 0) {
          const key = `seed-${userId}-${n}`;
          addDocument.run(
            userId,
            orderId,
            `${orderId}.pdf`,
            createHash('sha256').update(key).digest('hex'),
            key,
            now,
          );
        }
      }
    })();
  } finally {
    db.close();
  }
}

/**
 * The user's reminders the server keeps for their purchases, and how many of them are not on the
 * provider's calendar yet (recorded, event still being made): the reconcile after a change is done when
 * none are pending and the count holds.
 */
export function reminderProgress(dataDir: string, userId: string): { total: number; pending: number } {
  const db = new Database(path.join(dataDir, 'warrantly.db'), { readonly: true });
  db.pragma('busy_timeout = 10000');
  try {
    return db
      .prepare(
        `select count(*) as total, coalesce(sum(case when external_id is null then 1 else 0 end), 0) as pending
         from reminders where user_id = ?`,
      )
      .get(userId) as { total: number; pending: number };
  } finally {
    db.close();
  }
}

import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time. Pages of a user's purchases are read by keyset from an index per sort, never by OFFSET:
// each index leads with user_id, then the sort key exactly as the list query writes it, then id (the
// tiebreaker). Rows without a date or a price sort last in both directions, so ascending and descending
// each have their own key ('' below every date, '9999-12-31' above; ±1e300 around every amount).
// `amount` is the price in major units (what the API answers as `amount`), derived by the database from
// amount_minor and the currency's minor digits (the ISO 4217 table of purchases/amounts.ts as of today),
// so every writer, rows inserted by hand included, keeps it right.
const ZERO_DIGITS =
  "'BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF'";
const THREE_DIGITS = "'BHD','IQD','JOD','KWD','LYD','OMR','TND'";
const AMOUNT = `case when amount_minor is null or currency is null then null
  else cast(amount_minor as double precision) / case when currency in (${ZERO_DIGITS}) then 1
    when currency in (${THREE_DIGITS}) then 1000 else 100 end end`;

const SORT_INDEXES: Record<string, string> = {
  orders_user_date_desc: "coalesce(purchase_date, '')",
  orders_user_date_asc: "coalesce(purchase_date, '9999-12-31')",
  orders_user_price_desc: 'coalesce(amount, -1e300)',
  orders_user_price_asc: 'coalesce(amount, 1e300)',
  orders_user_name: 'lower(product_name)',
};

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // SQLite adds only virtual generated columns to an existing table; PostgreSQL only stored ones.
  const kind = dialect === 'postgres' ? 'stored' : 'virtual';
  await sql
    .raw(`alter table orders add column amount double precision generated always as (${AMOUNT}) ${kind}`)
    .execute(db);
  for (const [name, key] of Object.entries(SORT_INDEXES)) {
    await sql.raw(`create index ${name} on orders (user_id, (${key}), id)`).execute(db);
  }
}

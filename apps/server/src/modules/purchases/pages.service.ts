import type { Purchase, PurchaseSort, WarrantyStatus } from '@warrantly/contract/purchases';
import { addDays, isoDate } from '../../dates';
import type { Db } from '../../db/schema';
import * as repo from './pages.repository';
import { toPurchase } from './purchases.service';
import { EXPIRING_SOON_DAYS } from './warranty';

/**
 * Where a page starts: the rows after or before a row (its sort key and id), the last page, or the first
 * (null). The HTTP layer turns it into an opaque signed cursor and back.
 */
export interface PagePosition {
  direction: 'after' | 'before';
  key: string | number;
  id: number;
  inclusive?: boolean;
}
export type PageStart = PagePosition | 'last' | null;

export interface PageOf<T> {
  items: T[];
  /** Rows matching the filters, on every page. */
  total: number;
  /** Where the next and previous pages start; null at the ends. */
  next: PagePosition | null;
  prev: PagePosition | null;
}

export interface PurchaseFilters {
  q?: string | undefined;
  status?: WarrantyStatus | undefined;
  store?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Reads up to `limit` rows of a list in its order (or against it) from a bound, for keysetPage. */
export type KeysetFetch<R> = (from: repo.Bound | null, forward: boolean, limit: number) => Promise<R[]>;

const bound = (row: { k: string | number; id: number }, inclusive = false): repo.Bound => ({
  key: row.k,
  id: row.id,
  ...(inclusive ? { inclusive } : {}),
});
const at = (direction: 'after' | 'before', b: repo.Bound): PagePosition => ({ direction, ...b });

/**
 * One page by keyset: `limit` rows from `start`, and where the pages beside it start. Never OFFSET, so a
 * page costs the same at the end of a long list as at its start, and rows added or removed between two
 * requests neither repeat nor skip the rows that were there. `last` is the last page cut to line up with
 * pages walked from the start: ((total - 1) % limit) + 1 rows.
 */
export async function keysetPage<R extends { k: string | number; id: number }>(
  fetch: KeysetFetch<R>,
  total: number,
  start: PageStart,
  limit: number,
): Promise<Omit<PageOf<R>, 'total'>> {
  const exists = async (from: repo.Bound, forward: boolean) => (await fetch(from, forward, 1)).length > 0;
  if (start === 'last') {
    const size = total === 0 ? 0 : ((total - 1) % limit) + 1;
    const rows = size === 0 ? [] : await fetch(null, false, size + 1);
    const items = rows.slice(0, size).reverse();
    const first = items[0];
    return { items, next: null, prev: first && rows.length > size ? at('before', bound(first)) : null };
  }
  if (start === null || start.direction === 'after') {
    const rows = await fetch(start, true, limit + 1);
    const items = rows.slice(0, limit);
    const [first, last] = [items[0], items.at(-1)];
    const next = last && rows.length > limit ? at('after', bound(last)) : null;
    if (start === null) return { items, next, prev: null };
    // Nothing after the cursor any more (rows deleted meanwhile): the page before is the one before it.
    const before = first ? bound(first) : { key: start.key, id: start.id, inclusive: !start.inclusive };
    return { items, next, prev: (await exists(before, false)) ? at('before', before) : null };
  }
  const rows = await fetch(start, false, limit + 1);
  const items = rows.slice(0, limit).reverse();
  const [first, last] = [items[0], items.at(-1)];
  const prev = first && rows.length > limit ? at('before', bound(first)) : null;
  const after = last ? bound(last) : { key: start.key, id: start.id, inclusive: !start.inclusive };
  return { items, prev, next: (await exists(after, true)) ? at('after', after) : null };
}

/** The warranty-date bounds of a status on `today`, exactly as warrantyStatus decides it. */
function warrantyBounds(status: WarrantyStatus, today: string): repo.WarrantyBound[] {
  const soonEnd = addDays(today, EXPIRING_SOON_DAYS);
  if (status === 'Expired') return [{ op: '<', date: today }];
  if (status === 'Expiring_Soon')
    return [
      { op: '>=', date: today },
      { op: '<=', date: soonEnd },
    ];
  if (status === 'Active') return [{ op: '>', date: soonEnd }];
  return ['none'];
}

/**
 * Reads the user's rows in `sort` order. `warranty_end` is two runs of the warranty index: warranties
 * still running, the soonest-ending first (what needs attention next), then the expired ones, the most
 * recently ended first (one that just lapsed matters more than one from years ago). A row's run follows
 * from its key, the date itself, so a cursor made before midnight still places its page sensibly after.
 */
function rowsIn(
  db: Db,
  userId: string,
  sort: PurchaseSort,
  filter: repo.RowFilter,
  today: string,
): KeysetFetch<repo.KeyedRow> {
  const read = (rowSort: repo.RowSort, bounds: repo.WarrantyBound[]): KeysetFetch<repo.KeyedRow> => {
    const runFilter = { ...filter, warranty: [...(filter.warranty ?? []), ...bounds] };
    return (from, forward, limit) => repo.pageRows(db, userId, rowSort, runFilter, from, forward, limit);
  };
  if (sort !== 'warranty_end') return read(sort, []);
  const running = read('warranty_running', [{ op: '>=', date: today }]);
  const expired = read('warranty_expired', [{ op: '<', date: today }]);
  return async (from, forward, limit) => {
    // Forward the running run comes first, backward the expired one; a bound in the second run stays there.
    const [first, second] = forward ? [running, expired] : [expired, running];
    const inRunning = from !== null && String(from.key) >= today;
    if (from !== null && inRunning !== forward) return second(from, forward, limit);
    const rows = await first(from, forward, limit);
    if (rows.length >= limit) return rows;
    return [...rows, ...(await second(null, forward, limit - rows.length))];
  };
}

/** A page of the user's purchases, sorted and filtered, with the total matching the filters. */
export async function purchasePage(
  db: Db,
  userId: string,
  query: PurchaseFilters & { sort: PurchaseSort; limit: number },
  start: PageStart,
  now: Date,
): Promise<PageOf<Purchase>> {
  const today = isoDate(now);
  const warranty = [
    ...(query.status ? warrantyBounds(query.status, today) : []),
    // The Warranties page's order holds only purchases that have a warranty.
    ...(query.sort === 'warranty_end' ? (['some'] as const) : []),
  ];
  const filter: repo.RowFilter = {
    scope: 'purchases',
    ...(query.q ? { search: query.q } : {}),
    ...(query.store !== undefined ? { shop: query.store } : {}),
    ...(query.from ? { dateFrom: query.from } : {}),
    ...(query.to ? { dateTo: query.to } : {}),
    ...(warranty.length > 0 ? { warranty } : {}),
  };
  const total = await repo.countRows(db, userId, filter);
  const page = await keysetPage(rowsIn(db, userId, query.sort, filter, today), total, start, query.limit);
  return { ...page, total, items: page.items.map((row) => toPurchase(row, today)) };
}

/**
 * A page of the orders that carry a receipt file, newest first: each as its first line and how many
 * lines it has; `q` matches any of its lines.
 */
export async function receiptLinesPage(
  db: Db,
  userId: string,
  query: { q?: string | undefined; limit: number },
  start: PageStart,
  now: Date,
): Promise<PageOf<Purchase & { line_count: number }>> {
  const today = isoDate(now);
  const filter: repo.RowFilter = { scope: 'receipts', ...(query.q ? { search: query.q } : {}) };
  const total = await repo.countRows(db, userId, filter);
  const fetch: KeysetFetch<repo.KeyedRow> = (from, forward, limit) =>
    repo.pageRows(db, userId, 'date_desc', filter, from, forward, limit);
  const page = await keysetPage(fetch, total, start, query.limit);
  const items = page.items.map((row) => ({ ...toPurchase(row, today), line_count: Number(row.line_count) }));
  return { ...page, total, items };
}

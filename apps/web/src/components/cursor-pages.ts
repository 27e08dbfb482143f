/**
 * Page numbers over a list the server pages with opaque cursors (keyset paging: no "skip N rows"). The
 * server answers `limit` rows after a cursor (none: from the first row), before one, or with
 * `cursor=last` the last page, aligned so that its pages of `limit` fall where walking from the start
 * would put them. What each answer tells about where pages begin and end is remembered here, and a page
 * number is reached from the nearest remembered edge: one request of up to `MAX_LIMIT` rows showing a
 * slice of it, or several such steps for a page further away.
 */

/** One answer of a cursor-paged list. */
export interface CursorAnswer<T = unknown> {
  items: readonly T[];
  next_cursor: string | null;
  prev_cursor: string | null;
  total: number;
}

/** One request: no cursor for the first rows, `'last'` for the last page, else a cursor an answer gave. */
export interface PageArgs {
  cursor?: string;
  limit: number;
}

/** Where a request's rows lie: from the start of page `page` on, up to the end of page `page`, or the last. */
export type Origin = { dir: 'after'; page: number } | { dir: 'before'; page: number } | { dir: 'last' };

export interface PageRequest {
  args: PageArgs;
  origin: Origin;
}

/** What the answers so far say. Valid while the list does not change; start afresh when it does. */
export interface Known {
  /** Page p begins right after this cursor (page 1: null, the list's start). */
  after: Map<number, string | null>;
  /** Page p ends right before this cursor. */
  before: Map<number, string>;
  /** Requests answered, and the pages each holds (its items begin with page `first`). */
  spans: { args: PageArgs; first: number; count: number }[];
}

/** Show `offset` onwards of the request's answer, or first take a step towards the page. */
export type Plan =
  | { kind: 'show'; request: PageRequest; offset: number }
  | { kind: 'walk'; request: PageRequest };

/** The most rows one request asks for: 16 pages of 6. */
export const MAX_LIMIT = 96;

export function emptyKnown(): Known {
  return { after: new Map([[1, null]]), before: new Map(), spans: [] };
}

/** A request's identity, as the API cache keys it. */
export function argsKey(args: PageArgs): string {
  return `${args.cursor ?? ''}|${args.limit}`;
}

const forward = (cursor: string | null, limit: number, page: number): PageRequest => ({
  args: cursor === null ? { limit } : { cursor, limit },
  origin: { dir: 'after', page },
});

const backward = (cursor: string, limit: number, page: number): PageRequest => ({
  args: { cursor, limit },
  origin: { dir: 'before', page },
});

/**
 * How to show page `target` of `pageCount`: from an answer already holding it, else from the nearest page
 * edge known (after the start, before the end: the last page is one request away). `maxLimit` is a
 * multiple of `pageSize`.
 * @example planPage(emptyKnown(), 3, 10, 6, 96) //=> show rows 12-17 of { limit: 18 }
 */
export function planPage(
  known: Known,
  target: number,
  pageCount: number,
  pageSize: number,
  maxLimit = MAX_LIMIT,
): Plan {
  const span = known.spans
    .filter((s) => target >= s.first && target < s.first + s.count)
    .sort((a, b) => a.args.limit - b.args.limit)[0];
  if (span) {
    const origin: Origin = { dir: 'after', page: span.first };
    return { kind: 'show', request: { args: span.args, origin }, offset: (target - span.first) * pageSize };
  }
  const afterTarget = known.after.get(target);
  if (afterTarget !== undefined)
    return { kind: 'show', request: forward(afterTarget, pageSize, target), offset: 0 };
  const beforeTarget = known.before.get(target);
  if (beforeTarget !== undefined)
    return { kind: 'show', request: backward(beforeTarget, pageSize, target), offset: 0 };
  if (target >= pageCount) {
    const request: PageRequest = { args: { cursor: 'last', limit: pageSize }, origin: { dir: 'last' } };
    return { kind: 'show', request, offset: 0 };
  }

  const from = Math.max(...[...known.after.keys()].filter((p) => p < target));
  const ahead = [...known.before.keys()].filter((p) => p > target);
  const to = ahead.length > 0 ? Math.min(...ahead) : null;
  // Rows to fetch each way; the way back from the end fetches the last page first.
  const forwardRows = (target - from + 1) * pageSize;
  const backwardRows = ((to ?? pageCount) - target + 1) * pageSize;
  if (forwardRows <= backwardRows) {
    const cursor = known.after.get(from) as string | null;
    if (forwardRows <= maxLimit)
      return {
        kind: 'show',
        request: forward(cursor, forwardRows, from),
        offset: (target - from) * pageSize,
      };
    return { kind: 'walk', request: forward(cursor, maxLimit, from) };
  }
  if (to === null)
    return { kind: 'walk', request: { args: { cursor: 'last', limit: pageSize }, origin: { dir: 'last' } } };
  const request = backward(known.before.get(to) as string, Math.min(backwardRows, maxLimit), to);
  return backwardRows <= maxLimit ? { kind: 'show', request, offset: 0 } : { kind: 'walk', request };
}

/**
 * Remembers what `answer` (to `request`) says about page edges; true when it taught something new, false
 * when it cannot be placed (the list changed under it).
 */
export function record(known: Known, request: PageRequest, answer: CursorAnswer, pageSize: number): boolean {
  const rows = answer.items.length;
  const pages = Math.ceil(rows / pageSize);
  const { origin } = request;
  let first: number;
  if (origin.dir === 'after') first = origin.page;
  else if (origin.dir === 'before') first = origin.page - pages + 1;
  else first = Math.max(1, Math.ceil(answer.total / pageSize)) - Math.max(pages, 1) + 1;
  // Rows before a page edge are whole pages; fewer than asked for only at the list's start.
  const isMisplaced =
    origin.dir === 'before' && (rows % pageSize !== 0 || (rows < request.args.limit && first !== 1));
  if (first < 1 || isMisplaced) return false;
  const sizeBefore = known.after.size + known.before.size;
  if (answer.next_cursor !== null && rows % pageSize === 0 && origin.dir !== 'last')
    known.after.set(first + pages, answer.next_cursor);
  if (answer.prev_cursor !== null && first > 1) known.before.set(first - 1, answer.prev_cursor);
  const key = argsKey(request.args);
  if (rows > 0 && !known.spans.some((s) => argsKey(s.args) === key))
    known.spans.push({ args: request.args, first, count: pages });
  return known.after.size + known.before.size > sizeBefore;
}

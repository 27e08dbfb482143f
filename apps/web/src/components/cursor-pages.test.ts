import { describe, expect, it } from 'vitest';
import {
  type CursorAnswer,
  emptyKnown,
  type Known,
  MAX_LIMIT,
  type PageArgs,
  planPage,
  record,
} from './cursor-pages';

const PAGE = 6;

/**
 * A keyset-paged list as the server answers it: rows in order, cursors opaque (random tokens standing for
 * "after row x" or "before row x"), `cursor=last` aligned to the start.
 */
function keysetServer(count: number) {
  const rows = Array.from({ length: count }, (_, i) => (i + 1) * 10);
  const cursors = new Map<string, { dir: 'after' | 'before'; key: number }>();
  const requests: PageArgs[] = [];
  const cursorFor = (dir: 'after' | 'before', key: number) => {
    const token = Math.random().toString(36).slice(2);
    cursors.set(token, { dir, key });
    return token;
  };
  function answer(args: PageArgs): CursorAnswer<number> {
    requests.push(args);
    expect(args.limit).toBeGreaterThanOrEqual(1);
    expect(args.limit).toBeLessThanOrEqual(MAX_LIMIT);
    let items: number[];
    if (args.cursor === undefined) items = rows.slice(0, args.limit);
    else if (args.cursor === 'last') {
      const n = rows.length === 0 ? 0 : ((rows.length - 1) % args.limit) + 1;
      items = rows.slice(rows.length - n);
    } else {
      const cursor = cursors.get(args.cursor);
      if (!cursor) throw new Error('a cursor the server never gave');
      const { dir, key } = cursor;
      items =
        dir === 'after'
          ? rows.filter((r) => r > key).slice(0, args.limit)
          : rows.filter((r) => r < key).slice(-args.limit);
    }
    const firstRow = items[0];
    const lastRow = items.at(-1);
    return {
      items,
      total: rows.length,
      next_cursor: lastRow !== undefined && lastRow < (rows.at(-1) ?? 0) ? cursorFor('after', lastRow) : null,
      prev_cursor: firstRow !== undefined && firstRow > (rows[0] ?? 0) ? cursorFor('before', firstRow) : null,
    };
  }
  return { rows, requests, answer };
}

/** Walks to `target` as the pagination does and answers the rows it shows. */
function goTo(server: ReturnType<typeof keysetServer>, known: Known, target: number): number[] {
  const pageCount = Math.max(1, Math.ceil(server.rows.length / PAGE));
  for (let step = 0; step < 100; step += 1) {
    const plan = planPage(known, target, pageCount, PAGE);
    const answer = server.answer(plan.request.args);
    const learned = record(known, plan.request, answer, PAGE);
    if (plan.kind === 'show') return answer.items.slice(plan.offset, plan.offset + PAGE) as number[];
    expect(learned).toBe(true);
  }
  throw new Error(`no way to page ${target}`);
}

const expected = (server: ReturnType<typeof keysetServer>, page: number) =>
  server.rows.slice((page - 1) * PAGE, page * PAGE);

describe('paging through a keyset-paged list by page number', () => {
  it('shows the right rows on every page walking forward, then backward from the last', () => {
    const server = keysetServer(1000);
    const known = emptyKnown();
    const pageCount = Math.ceil(1000 / PAGE);
    for (let page = 1; page <= pageCount; page += 1)
      expect(goTo(server, known, page)).toEqual(expected(server, page));
    const fresh = emptyKnown();
    for (let page = pageCount; page >= 1; page -= 1)
      expect(goTo(server, fresh, page)).toEqual(expected(server, page));
  });

  it('asks for one page at a time when moving to the next, the previous or the last page', () => {
    const server = keysetServer(1000);
    const known = emptyKnown();
    goTo(server, known, 1);
    goTo(server, known, 2);
    goTo(server, known, 3);
    goTo(server, known, 2);
    goTo(server, known, 167);
    goTo(server, known, 166);
    expect(server.requests.map((r) => r.limit)).toEqual([6, 6, 6, 6, 6, 6]);
    expect(server.requests[4]?.cursor).toBe('last');
  });

  it('jumps to a middle page from the nearest known edge in steps of at most 96 rows', () => {
    const server = keysetServer(1000);
    const known = emptyKnown();
    goTo(server, known, 1);
    server.requests.length = 0;
    expect(goTo(server, known, 10)).toEqual(expected(server, 10));
    // From where page 1 ended: pages 2 to 10 in one request, page 10 its last 6 rows.
    expect(server.requests.map((r) => r.limit)).toEqual([54]);

    server.requests.length = 0;
    expect(goTo(server, known, 80)).toEqual(expected(server, 80));
    // From page 11 (where the last answer ended) to page 80: 70 pages, 420 rows, 5 requests.
    expect(server.requests.length).toBe(5);
    expect(server.requests.reduce((sum, r) => sum + r.limit, 0)).toBeLessThanOrEqual(70 * PAGE + MAX_LIMIT);

    // Near the end, the way back from the last page is shorter.
    server.requests.length = 0;
    expect(goTo(server, known, 160)).toEqual(expected(server, 160));
    expect(server.requests.map((r) => r.cursor === 'last')).toEqual([true, false]);
  });

  it('lands on the right rows whatever order pages are opened in', () => {
    const server = keysetServer(743);
    const pageCount = Math.ceil(743 / PAGE);
    const known = emptyKnown();
    let seed = 7;
    for (let i = 0; i < 300; i += 1) {
      seed = (seed * 48271) % 2147483647;
      const page = 1 + (seed % pageCount);
      expect(goTo(server, known, page)).toEqual(expected(server, page));
    }
  });

  it.each([0, 1, 5, 6, 7, 36, 37])('handles a list of %i rows', (count) => {
    const server = keysetServer(count);
    const pageCount = Math.max(1, Math.ceil(count / PAGE));
    const known = emptyKnown();
    for (let page = 1; page <= pageCount; page += 1)
      expect(goTo(server, known, page)).toEqual(expected(server, page));
    expect(goTo(server, emptyKnown(), pageCount)).toEqual(expected(server, pageCount));
  });

  it('refuses to place an answer that does not fit the pages remembered (the list changed)', () => {
    const known = emptyKnown();
    const request = { args: { cursor: 'x', limit: 12 }, origin: { dir: 'before', page: 3 } } as const;
    expect(
      record(known, request, { items: [1, 2, 3], next_cursor: 'n', prev_cursor: 'p', total: 40 }, PAGE),
    ).toBe(false);
  });
});

/** The series `npm run bench:api` measures against its bare floors; `bench:load` runs those with a ratio target. */

export const LIST = '/api/v1/user-orders/';
export const PAGE = '/api/v1/user-orders/?limit=6';
export const TOTALS = '/api/v1/user-orders/total-price/';
/** What Chrome sends. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export interface SeriesSpec {
  name: string;
  path: string;
  connections: number;
  /** Request headers besides the authorisation. */
  headers: Record<string, string>;
  /** A 304 series sends the route's ETag in If-None-Match. */
  conditional?: boolean;
  /** Targets on the ratio to the bare Node floor's req/s, and on the real server's p99 (ms). */
  targets?: ({ ratio: number } | { p99: number })[];
}

export const SERIES: SeriesSpec[] = [
  { name: 'list, 10 conn', path: LIST, connections: 10, headers: {}, targets: [{ ratio: 0.8 }] },
  {
    name: 'list gzip, 10 conn',
    path: LIST,
    connections: 10,
    headers: { 'accept-encoding': 'gzip' },
    targets: [{ ratio: 0.8 }],
  },
  { name: 'list, 50 conn', path: LIST, connections: 50, headers: {} },
  { name: 'list gzip, 50 conn', path: LIST, connections: 50, headers: { 'accept-encoding': 'gzip' } },
  {
    name: 'first page of 6, 50 conn',
    path: PAGE,
    connections: 50,
    headers: { 'accept-encoding': BROWSER_ENCODINGS },
    targets: [{ ratio: 0.6 }, { p99: 10 }],
  },
  {
    name: 'totals, 50 conn',
    path: TOTALS,
    connections: 50,
    headers: { 'accept-encoding': BROWSER_ENCODINGS },
    targets: [{ ratio: 0.6 }, { p99: 10 }],
  },
  {
    name: '304 list, 50 conn',
    path: LIST,
    connections: 50,
    headers: {},
    conditional: true,
    targets: [{ ratio: 0.6 }],
  },
];

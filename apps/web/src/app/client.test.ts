import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { purchasesApi } from '@/features/purchases/purchases-api';
import { receiptsApi } from '@/features/receipts/receipts-api';
import { type Answer, servePage, type Taken } from '@/test/page-server';
import { signedIn } from './auth-slice';
import { BUSY_RETRIES, fetchFileBlob, HttpError, uploadForm } from './client';
import { makeStore } from './store';
import { REFRESH_URL } from './token-refresh';

type Server = Awaited<ReturnType<typeof servePage>>;
let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

/** A store signed in with the access token `a0` and the refresh token `r0`. */
function signedInStore() {
  const { store } = makeStore();
  store.dispatch(
    signedIn({
      accessToken: 'a0',
      refreshToken: 'r0',
      user: { name: 'Avery Quinn', email: 'avery.quinn@example.com', profile_picture: '' },
      provider: 'google',
    }),
  );
  return store;
}

/** The server's refresh: r0 is traded once for a1/r1; a second use of r0 is refused, as reuse is. */
function refresh(request: Taken, taken: readonly Taken[]): Answer {
  const { refresh_token } = JSON.parse(request.body.toString()) as { refresh_token: string };
  if (refresh_token !== 'r0' || taken.filter((r) => r.path === REFRESH_URL).length > 1)
    return { status: 401, json: { message: 'Refresh token reused', code: 'unauthorized' } };
  return { status: 200, json: { access_token: 'a1', refresh_token: 'r1' } };
}

const UNAUTHORIZED: Answer = { status: 401, json: { message: 'Token expired', code: 'unauthorized' } };
const RECEIPT = { order_id: 'o-1' };

describe('a 401', () => {
  it('is refreshed once for two calls that fail together, and both are sent again with the new token', async () => {
    let releaseRefresh: () => void = () => undefined;
    const bothRefused = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    server = await servePage((request, taken) => {
      // The refresh is answered only once both calls have been refused, so both wait on the one exchange.
      if (request.path === REFRESH_URL) return { ...refresh(request, taken), hold: bothRefused };
      if (request.authorization !== 'Bearer a1') {
        if (taken.filter((r) => r.authorization === 'Bearer a0').length === 2) releaseRefresh();
        return UNAUTHORIZED;
      }
      return { status: 200, json: request.path.endsWith('/invoice/') ? { items: [], total: 0 } : RECEIPT };
    });
    const store = signedInStore();

    const [one, page] = await Promise.all([
      store.dispatch(receiptsApi.endpoints.getReceipt.initiate('o-1')),
      store.dispatch(receiptsApi.endpoints.getReceiptPage.initiate({ limit: 6 })),
    ]);

    expect(one.data).toEqual(RECEIPT);
    expect(page.data).toMatchObject({ total: 0 });
    expect(server.at(REFRESH_URL)).toHaveLength(1);
    expect(store.getState().auth).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
    expect(server.taken.map((r) => r.authorization).filter((a) => a === 'Bearer a1')).toHaveLength(2);
  });

  it('is sent again only once: a second 401 stands, without a second refresh', async () => {
    server = await servePage((request, taken) =>
      request.path === REFRESH_URL ? refresh(request, taken) : UNAUTHORIZED,
    );
    const store = signedInStore();

    const result = await store.dispatch(receiptsApi.endpoints.getReceipt.initiate('o-1'));

    expect(result.error).toMatchObject({ status: 401 });
    expect(server.at('/api/v1/invoice/o-1/').map((r) => r.authorization)).toEqual(['Bearer a0', 'Bearer a1']);
    expect(server.at(REFRESH_URL)).toHaveLength(1);
    // The refresh itself succeeded: the session stays.
    expect(store.getState().auth.refreshToken).toBe('r1');
  });

  it('signs the user out when the refresh is refused', async () => {
    server = await servePage((request) =>
      request.path === REFRESH_URL ? { status: 401, json: { message: 'Session over' } } : UNAUTHORIZED,
    );
    const store = signedInStore();

    await expect(store.dispatch(fetchFileBlob('/api/v1/invoice/o-1/file/'))).rejects.toMatchObject({
      status: 401,
    });
    expect(store.getState().auth).toMatchObject({ accessToken: null, refreshToken: null });
    expect(server.at('/api/v1/invoice/o-1/file/')).toHaveLength(1);
  });
});

describe('a 503', () => {
  it('is asked again after its Retry-After', async () => {
    server = await servePage((request, taken) =>
      taken.filter((r) => r.path === request.path).length === 1
        ? { status: 503, headers: { 'retry-after': '1' }, json: { message: 'The server is busy' } }
        : { status: 200, json: [] },
    );
    const store = signedInStore();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'IMG_1042.jpg', { type: 'image/jpeg' });

    const started = Date.now();
    const result = await store.dispatch(receiptsApi.endpoints.scanReceipt.initiate(photo));

    expect(result).toEqual({ data: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const tries = server.at('/api/v1/receipt-photo/');
    expect(tries).toHaveLength(2);
    // The photo went whole both times.
    // Each try carried the whole form. (Its bytes are not compared: vitest's bridge from jsdom's File to
    // Node's fetch loses them, in the test only; the upload below checks the bytes XMLHttpRequest sends.)
    for (const sent of tries)
      expect(sent.body.toString()).toMatch(/name="file".*\r\nContent-Type: image\/jpeg/s);
  });

  it(`stands after ${BUSY_RETRIES} more tries, with the server's message`, async () => {
    server = await servePage(() => ({
      status: 503,
      headers: { 'retry-after': '0' },
      json: { message: 'The server is busy reading other documents; try again shortly', code: 'unavailable' },
    }));
    const store = signedInStore();

    const result = await store.dispatch(receiptsApi.endpoints.getReceipt.initiate('o-1'));

    expect(result.error).toMatchObject({ status: 503, data: { code: 'unavailable' } });
    expect(server.taken).toHaveLength(1 + BUSY_RETRIES);
  });

  it('is not asked again for a new purchase: the server may have saved it before it failed', async () => {
    server = await servePage(() => ({
      status: 503,
      headers: { 'retry-after': '0' },
      json: { message: 'The database is not answering', code: 'unavailable' },
    }));
    const store = signedInStore();
    const form = new FormData();
    form.set('product_name', 'Kettle');

    const result = await store.dispatch(purchasesApi.endpoints.createPurchase.initiate(form));

    expect(result.error).toMatchObject({ status: 503 });
    expect(server.taken).toHaveLength(1);
  });
});

describe('an upload', () => {
  it('reports its progress, and a 401 is refreshed and the file sent again from 0%', async () => {
    server = await servePage((request, taken) => {
      if (request.path === REFRESH_URL) return refresh(request, taken);
      return request.authorization === 'Bearer a1' ? { status: 200, json: [RECEIPT] } : UNAUTHORIZED;
    });
    const store = signedInStore();
    const body = new FormData();
    body.append('file', new File(['%PDF-1.7 receipt'], 'receipt.pdf', { type: 'application/pdf' }));
    const progress: number[] = [];

    const purchases = await store.dispatch(
      uploadForm('/api/v1/ai-order-extract/', body, (percent) => progress.push(percent)),
    );

    expect(purchases).toEqual([RECEIPT]);
    expect(progress).toEqual([0, 100, 0, 100]);
    expect(server.at('/api/v1/ai-order-extract/').map((r) => r.authorization)).toEqual([
      'Bearer a0',
      'Bearer a1',
    ]);
    expect(server.at('/api/v1/ai-order-extract/')[1]?.body.toString()).toContain('%PDF-1.7 receipt');
  });

  it("fails with the server's message", async () => {
    server = await servePage(() => ({
      status: 413,
      json: { message: 'The file is larger than 20 MB', code: 'too_large' },
    }));
    const store = signedInStore();
    const body = new FormData();
    body.append('file', new File(['%PDF'], 'big.pdf', { type: 'application/pdf' }));

    const failure = await store
      .dispatch(uploadForm('/api/v1/ai-order-extract/', body, () => undefined))
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 413, serverMessage: 'The file is larger than 20 MB' });
  });
});

import { describe, expect, it } from 'vitest';
import { DIALECTS, multipart, sharedAppWithUser, tinyPdf } from './harness';

describe.each(DIALECTS)('a malformed multipart form (%s)', (dialect) => {
  const suite = sharedAppWithUser(dialect);

  const form = () =>
    multipart({ product_name: 'Kettle', purchase_date: '2026-01-01' }, [
      { field: 'invoice', filename: 'kettle.pdf', bytes: tinyPdf('Kettle') },
    ]);

  async function post(payload: Buffer, headers: Record<string, string>) {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/create/',
      headers: { ...suite.t.auth(suite.user), ...headers },
      payload,
    });
    const purchases = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/user-orders/',
      headers: suite.t.auth(suite.user),
    });
    return { status: res.statusCode, body: res.json(), stored: purchases.json().length as number };
  }

  it('creates the purchase from a well-formed form (the bodies below differ from it in one way)', async () => {
    const { payload, headers } = form();
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/create/',
      headers: { ...suite.t.auth(suite.user), ...headers },
      payload,
    });
    expect(res.statusCode).toBe(201);
    await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user-delete-order/${res.json().id}/`,
      headers: suite.t.auth(suite.user),
    });
  });

  it('answers 400 when the boundary in the header does not match the body', async () => {
    const { payload } = form();
    const res = await post(payload, { 'content-type': 'multipart/form-data; boundary=not-the-one-used' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'invalid_input',
      message: 'The body does not contain the boundary its Content-Type header declares',
    });
    expect(res.stored).toBe(0);
  });

  it('answers 400 when the header names no boundary', async () => {
    const res = await post(form().payload, { 'content-type': 'multipart/form-data' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The Content-Type header names no boundary for the multipart form');
  });

  it('answers 400 when the body is cut off, in a field or in the file', async () => {
    const { payload, headers } = form();
    for (const cut of [60, payload.length - 30]) {
      const res = await post(payload.subarray(0, cut), headers);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The form is cut off: the body ends before its closing boundary');
      expect(res.stored).toBe(0);
    }
  });

  it('answers 400 when a text field is over its size limit, naming the field', async () => {
    const { payload, headers } = multipart({ product_name: 'Kettle', notes: 'n'.repeat(65 * 1024) });
    const res = await post(payload, headers);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('notes: longer than the 64 KB a form field may hold');
    expect(res.stored).toBe(0);
  });

  it('answers 400 when the body is not multipart at all', async () => {
    const { headers } = form();
    const res = await post(Buffer.from('product_name=Kettle&purchase_date=2026-01-01'), headers);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The body does not contain the boundary its Content-Type header declares');
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Extraction } from '@warrantly/extract/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmRefiner } from './llm-refiner';

/** A local stand-in for an OpenAI-compatible chat-completions endpoint, answering what each test sets. */
let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: '{}' };
let received: { auth: string | undefined; body: Record<string, unknown> } | null = null;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      received = { auth: req.headers.authorization, body: JSON.parse(raw) };
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const offline: Extraction & { text: string } = {
  kind: 'pdf',
  is_order: true,
  merchant: 'Corner Cafe',
  order_id: null,
  purchase_date: '2026-03-01',
  total: '12.40',
  currency: 'EUR',
  products: [],
  confidence: { merchant: 0.8, purchase_date: 0.9, total: 0.9, currency: 0.9 },
  signals: [],
  text: 'Corner Cafe\nBeleg-Nr. 4471\nSumme 12,40 EUR',
};
const chat = (content: unknown) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [
      { index: 0, message: { role: 'assistant', content: JSON.stringify(content) }, finish_reason: 'stop' },
    ],
  });

describe('LLM refinement', () => {
  it('fills a field the offline extractor missed, sending the text and a JSON schema', async () => {
    answer = {
      status: 200,
      body: chat({
        merchant: 'Corner Cafe GmbH',
        order_id: '4471',
        purchase_date: '2026-03-01',
        total: '99.00',
        currency: 'EUR',
        products: [{ name: 'Cappuccino', quantity: 2, price: '6.20' }],
      }),
    };
    const refine = createLlmRefiner({ baseUrl, apiKey: 'sk-test', model: 'small-model' });
    const result = await refine(offline);
    expect(result.order_id).toBe('4471');
    // What the model filled counts as unsure: it carries no calibrated confidence.
    expect(result.confidence.order_id).toBeLessThan(0.9);
    expect(result.signals).toContain('llm:order_id');
    expect(result.total).toBe('12.40'); // sure offline fields stand
    expect(result.products).toEqual([{ name: 'Cappuccino', quantity: 2, price: '6.20', url: null }]);
    expect(received?.auth).toBe('Bearer sk-test');
    expect(received?.body).toMatchObject({ model: 'small-model', response_format: { type: 'json_schema' } });
  });

  it.each([
    ['a malformed answer', { status: 200, body: chat({ merchant: 42, total: 'lots' }) }],
    ['an answer that is not JSON', { status: 200, body: 'upstream error <html>' }],
    ['a server error', { status: 500, body: '{"error":{"message":"boom"}}' }],
    ['a slow answer', { status: 200, body: chat({ order_id: 'LATE-1' }), delayMs: 1500 }],
  ])('keeps the offline result on %s', async (_name, next) => {
    answer = next;
    const refine = createLlmRefiner({ baseUrl, apiKey: undefined, model: 'm', timeoutMs: 500 });
    const { text: _text, ...expected } = offline;
    expect(await refine(offline)).toEqual(expected);
  });
});

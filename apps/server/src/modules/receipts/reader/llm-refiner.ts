import { isRealDate } from '@warrantly/contract/common';
import type { Extraction } from '@warrantly/extract/types';
import { z } from 'zod';

/** Improves an offline extraction; must never make it worse or fail the upload. */
export type Refiner = (extraction: Extraction & { text?: string }) => Promise<Extraction>;

export interface LlmOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs?: number;
  log?: (message: string, error?: unknown) => void;
}

const Answer = z.object({
  merchant: z.string().trim().min(1).max(200).nullable(),
  order_id: z.string().trim().min(1).max(100).nullable(),
  purchase_date: z.string().refine(isRealDate).nullable(),
  total: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,3})?$/)
    .nullable(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  products: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(300),
        quantity: z.number().int().positive().max(10_000),
        price: z
          .string()
          .regex(/^\d{1,12}(\.\d{1,3})?$/)
          .nullable(),
      }),
    )
    .max(200),
});

/** JSON Schema for the answer, sent as the OpenAI-compatible `response_format`. */
const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['merchant', 'order_id', 'purchase_date', 'total', 'currency', 'products'],
  properties: {
    merchant: { type: ['string', 'null'], description: 'the seller, not the buyer' },
    order_id: { type: ['string', 'null'], description: 'order or invoice number' },
    purchase_date: { type: ['string', 'null'], description: 'YYYY-MM-DD' },
    total: { type: ['string', 'null'], description: 'amount paid, decimal with a dot, e.g. 1299.00' },
    currency: { type: ['string', 'null'], description: 'ISO 4217 code' },
    products: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'quantity', 'price'],
        properties: {
          name: { type: 'string' },
          quantity: { type: 'integer' },
          price: { type: ['string', 'null'] },
        },
      },
      description: 'goods bought; never taxes, fees, shipping, deposits or discounts',
    },
  },
} as const;

/** Below this confidence an offline field may be corrected by the model; above it the offline value stands. */
const CORRECTABLE_BELOW = 0.5;
/**
 * A field the model filled or corrected counts as unsure: no held-out measure calibrates a model we do not
 * ship, so its value never reaches the 0.9 that a calibrated field must earn to be trusted unseen.
 */
const UNSURE = 0.5;
const FIELDS = ['merchant', 'order_id', 'purchase_date', 'total', 'currency'] as const;

/**
 * Optional refinement through any OpenAI-compatible chat-completions endpoint. The model's answer is
 * validated and only fills missing fields or corrects unsure ones; on any failure or time-out the offline
 * extraction is returned unchanged.
 */
export function createLlmRefiner(options: LlmOptions): Refiner {
  const url = `${options.baseUrl.replace(/\/$/, '')}/chat/completions`;
  return async (extraction) => {
    const { text, ...offline } = extraction;
    if (!text) return offline;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          messages: [
            {
              role: 'system',
              content:
                'You read receipts and order e-mails. Answer only with the JSON requested; use null for what the document does not say.',
            },
            { role: 'user', content: text.slice(0, 20_000) },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'receipt', strict: true, schema: SCHEMA },
          },
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (!content) throw new Error('no message content');
      const answer = Answer.parse(JSON.parse(content));
      return merge(offline, answer);
    } catch (error) {
      options.log?.('LLM refinement failed; keeping the offline extraction', error);
      return offline;
    }
  };
}

function merge(offline: Extraction, answer: z.infer<typeof Answer>): Extraction {
  const merged: Extraction = {
    ...offline,
    confidence: { ...offline.confidence },
    signals: [...offline.signals],
  };
  for (const field of FIELDS) {
    const value = answer[field];
    if (value === null) continue;
    const current = offline[field];
    if (current === null || (offline.confidence[field] ?? 0) < CORRECTABLE_BELOW) {
      merged[field] = value;
      merged.confidence[field] = UNSURE;
      merged.signals.push(`llm:${field}`);
    }
  }
  if (offline.products.length === 0 && answer.products.length > 0) {
    merged.products = answer.products.map((p) => ({ ...p, url: null }));
    merged.signals.push('llm:products');
  }
  return merged;
}

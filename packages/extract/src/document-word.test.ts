import { describe, expect, it } from 'vitest';
import { documentWord } from './document-word';
import type { Extraction } from './types';

const doc = (fields: Partial<Extraction>) =>
  ({ kind: 'pdf', text: '', order_id: null, ...fields }) as Extraction;

describe('documentWord', () => {
  it('reads the label beside the number first', () => {
    expect(
      documentWord(doc({ text: 'Ihre Bestellung\nRechnungsnummer R0005532486', order_id: 'R0005532486' })),
    ).toBe('invoice');
  });
  it('reads a receipt or an order in any language', () => {
    expect(documentWord(doc({ text: 'Kassenbon\nMilch 1,29' }))).toBe('receipt');
    expect(documentWord(doc({ text: 'Votre commande est confirmée' }))).toBe('order');
  });
  it('falls back on what its kind usually is', () => {
    expect(documentWord(doc({ kind: 'email', text: 'Hello' }))).toBe('order');
    expect(documentWord(doc({ kind: 'text', text: 'CORNER CAFE' }))).toBe('receipt');
    expect(documentWord(doc({ text: 'Hetzner Online GmbH' }))).toBe('invoice');
  });
});

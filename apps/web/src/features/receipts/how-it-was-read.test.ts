import { describe, expect, it } from 'vitest';
import { howItWasRead } from './how-it-was-read';

describe('howItWasRead', () => {
  it('names each field, its value and its confidence as a percentage, with the text as read', () => {
    const reading = howItWasRead({
      kind: 'pdf',
      merchant: 'GREENLEAF MARKET',
      order_id: 'GL-4471',
      purchase_date: '2026-11-14',
      total: '13.05',
      currency: null,
      products: [{ name: 'Lemons' }, { name: 'Olive oil' }],
      confidence: { merchant: 0.8, order_id: 0.75, purchase_date: 0.39999999999999997, total: 0.7 },
      signals: ['total:label:total@7'],
      text: 'GREENLEAF MARKET\nTOTAL 13.05',
    });
    expect(reading).toEqual({
      source: "Read from the PDF's text.",
      fields: [
        { field: 'Shop', value: 'GREENLEAF MARKET', confidence: '80%' },
        { field: 'Order number', value: 'GL-4471', confidence: '75%' },
        { field: 'Purchase date', value: '2026-11-14', confidence: '40%' },
        { field: 'Total', value: '13.05', confidence: '70%' },
        { field: 'Currency', value: 'Not found', confidence: null },
        { field: 'Items', value: '2', confidence: null },
      ],
      text: 'GREENLEAF MARKET\nTOTAL 13.05',
    });
  });

  it('says a photo was read by text recognition, and leaves out what it does not have', () => {
    const reading = howItWasRead({ kind: 'pdf', ocr: true, merchant: 'CORNER CAFE', confidence: 'odd' });
    expect(reading.source).toBe('Read from an image of the document, by text recognition.');
    expect(reading.fields[0]).toEqual({ field: 'Shop', value: 'CORNER CAFE', confidence: null });
    expect(reading.fields.map((f) => f.field)).not.toContain('Items');
    expect(reading.text).toBeNull();
  });
});

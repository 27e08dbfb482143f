import { describe, expect, it } from 'vitest';
import { findOrderNumber } from './order-number';

describe('order numbers', () => {
  it.each([
    [['Order #112-4471905-22 ships today'], '112-4471905-22'],
    [['Bestellnummer: ML-2024-88311'], 'ML-2024-88311'],
    [['Commande n° CB-20931'], 'CB-20931'],
    [['Confirmation code:', 'IUZWKS'], 'IUZWKS'],
  ])('reads %j', (lines, id) => {
    expect(findOrderNumber(lines)?.id).toBe(id);
  });
  it("passes over the numbers of a card terminal's slip inside a till receipt", () => {
    const lines = [
      '* * Kundenbeleg * *',
      'Beleg-Nr.  4711',
      'Trace-Nr.  123456',
      'Betrag EUR 12,00',
      '03.02.2024  10:58  Bon-Nr.:815',
    ];
    expect(findOrderNumber(lines)?.id).toBe('815');
    expect(findOrderNumber(['Beleg-Nr.  4711', 'Bon-Nr.:815'])?.id).toBe('4711');
  });
  it('ignores a label without a number', () => {
    expect(findOrderNumber(['Order confirmed. Call 555-0100.'])).toBeNull();
  });
});

describe('findOrderNumber', () => {
  it('rates an order label above an invoice label and says on which line it read it', () => {
    expect(findOrderNumber(['Thanks! Order #112-4471905-22 ships today'])).toEqual({
      id: '112-4471905-22',
      confidence: 0.9,
      signal: 'label:order-number@0',
    });
    expect(findOrderNumber(['Invoice number: INV-2024-0042'])).toEqual({
      id: 'INV-2024-0042',
      confidence: 0.75,
      signal: 'label:order-number@0',
    });
  });
  it('prefers an order number to a weaker reference on an earlier line', () => {
    expect(findOrderNumber(['Reference: AB12CD', 'Order no. 5521-88'])?.id).toBe('5521-88');
  });
  it('reads a number written right after "#" behind a receipt or invoice label', () => {
    expect(findOrderNumber(['Receipt #AB-10442'])?.id).toBe('AB-10442');
    expect(findOrderNumber(['Invoice #X7-2231'])?.id).toBe('X7-2231');
    expect(findOrderNumber(['Receipt number RC-88'])?.id).toBe('RC-88');
  });
  it("reads a heading of the document's word and its number, below any written label", () => {
    expect(findOrderNumber(['Invoice RE-2025-0031'])).toEqual({
      id: 'RE-2025-0031',
      confidence: 0.5,
      signal: 'label:order-number@0',
    });
    expect(findOrderNumber(['Rechnung 2025/118'])?.id).toBe('2025/118');
    expect(findOrderNumber(['Invoice RE-2025-0031', 'Invoice number: 10442'])?.id).toBe('10442');
  });
  it('takes no year, period or sentence after the document word for its number', () => {
    expect(findOrderNumber(['Invoice 2024'])).toBeNull();
    expect(findOrderNumber(['Invoice 03/2024'])).toBeNull();
    expect(findOrderNumber(['Your invoice AB-10442 is attached'])).toBeNull();
  });
  it('never takes a date or an amount after the label for a number', () => {
    expect(findOrderNumber(['Order date: 12/03/2025'])).toBeNull();
    expect(findOrderNumber(['Order total: 12.50'])).toBeNull();
  });
});

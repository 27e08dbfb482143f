import { describe, expect, it } from 'vitest';
import { documentContext } from '../document';
import { readText } from '../readers/text';
import { type RankedField, rankField } from './ranked';

/** What the committed rankers choose for a field of a receipt written here. */
function chosen(field: RankedField, lines: string[]) {
  const doc = readText(lines.join('\n')).doc;
  return rankField(field, doc, documentContext(doc));
}

describe('the committed rankers', () => {
  it('take the grand total, not the subtotal, the tax or the cash handed over', () => {
    const lines = ['Subtotal  $90.00', 'Tax  $7.20', 'Grand total  $97.20', 'Cash  $100.00', 'Change  $2.80'];
    expect(chosen('total', lines)?.candidate.value).toBe('97.20');
  });

  it('read a European invoice total', () => {
    const lines = [
      'Rechnung 2025-114',
      'Zwischensumme 100,00 €',
      'MwSt 19% 19,00 €',
      'Gesamtbetrag 119,00 €',
    ];
    expect(chosen('total', lines)?.candidate.value).toBe('119.00');
  });

  it('take the amount after rounding, which cash less change confirms', () => {
    const lines = [
      'TOTAL INCL GST  46.54',
      'ROUNDING ADJ  0.01',
      'TOTAL  46.55',
      'CASH  100.00',
      'CHANGE  53.45',
    ];
    expect(chosen('total', lines)?.candidate.value).toBe('46.55');
  });

  it('answer "none" for the total of a letter without amounts, with a calibrated confidence', () => {
    const choice = chosen('total', ['Dear customer,', 'your parcel has left our warehouse.']);
    expect(choice?.candidate.value).toBeNull();
    expect(choice?.confidence).toBeGreaterThanOrEqual(0);
    expect(choice?.confidence).toBeLessThanOrEqual(1);
  });

  it('take the till date of a receipt', () => {
    const lines = ['CORNER CAFE', 'Date: 14/03/2024  10:42', 'Latte  3.50', 'TOTAL  3.50'];
    expect(chosen('purchase_date', lines)?.candidate.value).toBe('2024-03-14');
  });

  it('take the shop name at the head of a receipt, not the address under it', () => {
    const lines = [
      'BRIGHTLINE HARDWARE SDN BHD',
      'NO 12, JALAN BESAR',
      '43000 KAJANG, SELANGOR',
      'Hammer  25.00',
      'TOTAL  25.00',
    ];
    expect(chosen('merchant', lines)?.candidate.value).toBe('BRIGHTLINE HARDWARE SDN BHD');
  });

  it('take a shop name wrapped over two lines whole', () => {
    const lines = [
      'ORCHID LANE BOOKS',
      'CO. (M) SDN BHD',
      'NO 3, JALAN MAWAR',
      'Notebook  12.00',
      'TOTAL  12.00',
    ];
    expect(chosen('merchant', lines)?.candidate.value).toBe('ORCHID LANE BOOKS CO. (M) SDN BHD');
  });
});

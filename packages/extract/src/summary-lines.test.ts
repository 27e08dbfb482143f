import { describe, expect, it } from 'vitest';
import { summaryRole } from './summary-lines';

describe('summaryRole', () => {
  it('names the summary lines of orders in English, German, French, Spanish, Dutch and Italian', () => {
    const lines: [string, string][] = [
      ['Subtotal:', 'subtotal'],
      ['Zwischensumme', 'subtotal'],
      ['Sous-total', 'subtotal'],
      ['Sales Tax', 'tax'],
      ['MwSt. 19%', 'tax'],
      ['TVA 20%', 'tax'],
      ['IVA 21%', 'tax'],
      ['BTW 21%', 'tax'],
      ['Shipping & Handling', 'shipping'],
      ['Versandkosten', 'shipping'],
      ['Frais de port', 'shipping'],
      ['Gastos de envío', 'shipping'],
      ['Spese di spedizione', 'shipping'],
      ['Verzendkosten', 'shipping'],
      ['Service charge', 'fee'],
      ['Servicegebühr', 'fee'],
      ['Discount', 'discount'],
      ['Mitarbeiterrabatt 5%', 'discount'],
      ['Remise', 'discount'],
      ['Descuento', 'discount'],
      ['Sconto', 'discount'],
      ['Korting', 'discount'],
      ['Rounding adj', 'rounding'],
      ['Rundung', 'rounding'],
      ['Grand Total', 'total'],
      ['Gesamtbetrag', 'total'],
      ['Montant total TTC', 'total'],
      ['Totaal', 'total'],
      ['Totale', 'total'],
      ['Brutto', 'total'],
      ['Netto', 'subtotal'],
      ['Visa ending in 1234', 'payment'],
      ['Geg. BAR', 'payment'],
      ['CASH', 'payment'],
      ['Espèces', 'payment'],
      ['Change', 'change'],
      ['Rückgeld', 'change'],
      ['Tip (optional)', 'tip'],
      ['ITEM COUNT: 2', 'count'],
      ['Customers who bought this also bought', 'offers'],
      ['Item total:', 'line-total'],
      ['Unit price', 'price'],
    ];
    expect(lines.map(([label]) => [label, summaryRole(label)])).toEqual(lines);
  });

  it('reads a label by where its words stand: a trailing code in brackets, a compound word', () => {
    expect(summaryRole('United States - Transportation Tax (US)')).toBe('tax');
    expect(summaryRole('U.S. Passenger Facility Charge:')).toBe('fee');
    expect(summaryRole('Umsatzsteueraufschlüsselung')).toBe('tax');
  });

  it('leaves product names alone, even when a summary word begins or sits inside them', () => {
    for (const name of [
      'SX Flyer SAECO Korting KVDNL',
      'Paid Seat (SFO-DFW)',
      'Cash register toy',
      'Bar stool',
      'Delivery robot',
      'Card game Uno',
      'Free unlock',
      'Leergutpfand 20 x 0,5l',
      'Grundpreis (Pauschale)',
      'Fahrtkosten, Taxi Berlin',
      'Chocolate bar',
    ]) {
      expect(summaryRole(name), name).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { findProducts } from './products';

const names = (lines: string[], totalLine: number | null = null) =>
  findProducts(lines, totalLine).map((p) => `${p.quantity} x ${p.name} = ${p.price}`);

describe('findProducts', () => {
  it('reads product lines with their quantity, leaving out shipping and lines from the total on', () => {
    expect(findProducts(['2 x Espresso cups  12.00', 'Shipping  4.95', 'Total  16.95'], 2)).toEqual([
      { name: 'Espresso cups', quantity: 2, price: '12.00', url: null },
    ]);
    expect(findProducts(['Kettle  29.99', 'Total  29.99', 'Toaster  19.99'], 1)).toEqual([
      { name: 'Kettle', quantity: 1, price: '29.99', url: null },
    ]);
  });

  it('reads a quantity written after the name, and never takes a tax line for a product', () => {
    const lines = ['Kettle  29.99', 'Desk lamp 3 pcs  45.00', 'VAT 20%  12.50', 'Total  87.49'];
    expect(findProducts(lines, null)).toEqual([
      { name: 'Kettle', quantity: 1, price: '29.99', url: null },
      { name: 'Desk lamp', quantity: 3, price: '45.00', url: null },
    ]);
  });

  it('reads a "Qty" prefix and skips names that are dates or too short', () => {
    expect(findProducts(['12/03/2025  10.00', 'ab  5.00', 'Qty 2 Bath towel  18.00'], null)).toEqual([
      { name: 'Bath towel', quantity: 2, price: '18.00', url: null },
    ]);
  });

  it('never takes a summary line for a product, in any of the languages read', () => {
    const lines = [
      'Wasserkocher  29,99 €',
      'Zwischensumme  29,99 €',
      'MwSt. 19%  4,79 €',
      'Versandkosten  4,95 €',
      'Rabatt  -2,00 €',
      'Gesamtbetrag  32,94 €',
      'Geg. BAR  EUR  50,00',
      'Rückgeld  EUR  17,06',
    ];
    expect(names(lines)).toEqual(['1 x Wasserkocher = 29.99']);
    const french = ['Bouilloire  29,99 €', 'Sous-total  29,99 €', 'TVA 20%  5,00 €', 'Frais de port  4,90 €'];
    expect(names(french)).toEqual(['1 x Bouilloire = 29.99']);
  });

  it('keeps a product whose name holds a summary word in its middle', () => {
    expect(
      names(['E103560  SX Flyer SAECO Korting KVDNL  0,00 21 %  1 PCS  0,00', 'Paid Seat (SFO-DFW) $10.21']),
    ).toEqual(['1 x SX Flyer SAECO Korting KVDNL = 0.00', '1 x Paid Seat (SFO-DFW) = 10.21']);
  });

  it('reads a name and its amount printed on lines of their own, with the seller and condition between', () => {
    const lines = [
      'Items Ordered Price',
      '1 of: Casio Alarm Chronograph Watch, classic',
      'Sold by: Amazon.com LLC',
      'Condition: New',
      '$11.87',
      'Item(s) Subtotal: $11.87',
    ];
    expect(names(lines)).toEqual(['1 x Casio Alarm Chronograph Watch, classic = 11.87']);
  });

  it('reads a till receipt printing one field per line: quantity, name, amount, and a wrapped name', () => {
    const lines = [
      'QTY',
      'TOTAL(RM)',
      '1',
      'CLAYPOT TOFU',
      '18.90',
      '2',
      'THAI STYLE',
      '31.80',
      'PRAWN',
      '@RM15.90',
      'SUBTOTAL:',
      '50.70',
    ];
    expect(names(lines)).toEqual(['1 x CLAYPOT TOFU = 18.90', '2 x THAI STYLE PRAWN = 31.80']);
  });

  it('reads a unit price line before the line amount, and a quantity from "2 X 19.90"', () => {
    const lines = [
      'JAPE DISPENSER -CITRUS',
      '9556481779603',
      '2 X 19.90',
      '39.80',
      'FIRST AID KIT',
      '1 X 26.90',
      '26.90',
      'ITEM(S) : 2',
    ];
    expect(names(lines)).toEqual(['2 x JAPE DISPENSER -CITRUS = 39.80', '1 x FIRST AID KIT = 26.90']);
  });

  it('reads names printed after their amounts when that is how the receipt adds up', () => {
    const lines = [
      '1X 000001010646',
      '7.74SR',
      'CISSY CRACKER',
      '1X 000002336695',
      '38.80SR',
      'NIVEA SUN LOTION',
      'SUB-TOTAL',
      '46.54',
    ];
    expect(names(lines)).toEqual(['1 x CISSY CRACKER = 7.74', '1 x NIVEA SUN LOTION = 38.80']);
  });

  it('pairs a column of names with the column of amounts printed after it', () => {
    const lines = [
      'CAP MAKMUR MINYAK 1KG',
      '9555845400009',
      'GRANNY SMITH APPLES',
      '515474',
      '2.50*3',
      '7.99*2',
      '7.50 Z',
      '15.98 Z',
      'TOTAL',
      '23.48',
    ];
    expect(names(lines)).toEqual(['3 x CAP MAKMUR MINYAK 1KG = 7.50', '2 x GRANNY SMITH APPLES = 15.98']);
  });

  it('joins a name wrapped between two priced lines, and reads quantity columns of invoices', () => {
    const lines = [
      '#  Produkt  USt  Einzelpreis Summe',
      '1,00  Künstlerische Gestaltung  7%  160,00 €  160,00 €',
      '(Stunde): Einer',
      'Beispielrechnung',
      '400,00  Luftballon: Bunt, ca. 500ml  19%  0,79 €  316,00 €',
      'Summe netto: 476,00 €',
    ];
    expect(names(lines)).toEqual([
      '1 x Künstlerische Gestaltung (Stunde): Einer Beispielrechnung = 160.00',
      '400 x Luftballon: Bunt, ca. 500ml = 316.00',
    ]);
  });

  it('reads sizes in names as sizes, not amounts, and a weighed quantity from its sub-line', () => {
    const lines = [
      'Dalli Colorwaschmittel 1,1l, 20 WL  1  2,99 €  2,99 €  A',
      'BANANE CHIQUITA  1,32 B',
      '0,832 kg x  1,59 EUR/kg',
      'SUMME  EUR  4,31',
    ];
    expect(names(lines)).toEqual([
      '1 x Dalli Colorwaschmittel 1,1l, 20 WL = 2.99',
      '0.832 x BANANE CHIQUITA = 1.32',
    ]);
  });

  it('stops at the shop suggestions and reads an order printed twice once', () => {
    const offers = ['Desk fan  £19.99', 'Customers who bought this also bought', 'Tower fan  £39.99'];
    expect(names(offers)).toEqual(['1 x Desk fan = 19.99']);
    expect(names(['iCloud+ with 2 TB of Storage', '$9.99', 'iCloud+ with 2 TB of Storage', '$9.99'])).toEqual(
      ['1 x iCloud+ with 2 TB of Storage = 9.99'],
    );
  });

  it('joins a name cell wrapped under its row, and reads a second purchase that adds up to its own total', () => {
    const invoice = [
      '1  Verbundene  1.000,0000  1 Stk  0 %  1163,40',
      'Wohngebäudeversicherung',
      'Bruttopreis : 1.163,4000',
      'Rechnungssumme  1163,40',
    ];
    expect(names(invoice)).toEqual(['1 x Verbundene Wohngebäudeversicherung = 1163.40']);
    const receipt = [
      'Airfare: 266.39',
      'U.S. Transportation Tax: 19.98',
      'Total: 286.37 USD',
      'Additional Purchase Summary',
      'Seat Assignment (Reference Number: 0164306206467): 35.99',
      'U.S. Transportation Tax: 2.70',
      'Total: 38.69 USD',
      'Bag information',
      '1st bag $30.00',
    ];
    expect(names(receipt, 2)).toEqual([
      '1 x Airfare = 266.39',
      '1 x Seat Assignment (Reference Number: 0164306206467) = 35.99',
    ]);
  });

  it('reads a list again under the column heads of its next page, and skips footnotes', () => {
    const lines = [
      'Pos.  Menge Beschreibung  VK-Preis  Zeilenbetrag',
      '1  1 Small Business Exchange  3,89  3,89',
      'Zwischensumme  3,89',
      'Pos.  Menge Beschreibung  VK-Preis  Zeilenbetrag',
      'Ohne  Ohne MwSt.',
      '2  1 Small Business Exchange  5,39  5,39',
      '* La part fixe versée au gestionnaire de réseau est de 21,25 €',
      'Total EUR  9,28',
    ];
    expect(names(lines)).toEqual([
      '1 x 1 Small Business Exchange = 3.89',
      '1 x 1 Small Business Exchange = 5.39',
    ]);
  });

  it('reads quantities written inside the line, checked against the amounts when nothing labels them', () => {
    expect(
      names(['Order summary', 'Linen Shirt × 2', '€79.00', 'Mouse - Black (Qty: 2) $39.98', 'Total €118.98']),
    ).toEqual(['2 x Linen Shirt = 79.00', '2 x Mouse - Black = 39.98']);
    // 2 × 9,95 is 19,90: the 2 is a quantity, the 2 leading the line a position.
    expect(names(['2 Bit-Set 32-tlg. 2 9,95 € 19,90 €', 'Gesamt 19,90 €'])).toEqual([
      '2 x Bit-Set 32-tlg. = 19.90',
    ]);
    // "2 x 0,89" multiplies out to the line below it, not the line above.
    expect(names(['BAGUETTE  1,20', '2 x 0,89', 'YAOURT NATURE  1,78', 'TOTAL  2,98'])).toEqual([
      '1 x BAGUETTE = 1.20',
      '2 x YAOURT NATURE = 1.78',
    ]);
  });

  it('reads a name given as "Item:" and its own total, which does not close the list', () => {
    const lines = [
      'Item: Noise Cancelling Headphones',
      'Item price: $199.00',
      'Quantity: 1',
      'Item total: $199.00',
    ];
    expect(names([...lines, 'Order total: $199.00'])).toEqual(['1 x Noise Cancelling Headphones = 199.00']);
  });

  it('reads a single product named right above the order total when the order lists no amount of its own', () => {
    const lines = ['Order summary', 'G9 Halogen Capsule Bulb Dimmable', 'SKU: pack of 2', 'Total: £2.99'];
    expect(names(lines)).toEqual(['1 x G9 Halogen Capsule Bulb Dimmable = 2.99']);
    expect(names(['Thanks for your order', 'Order Total: £8.99'])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { readText } from '../readers/text';
import { classifyLines, productsOfKinds } from './line-kinds';

const kindsOf = (text: string, totalLine: number | null) =>
  classifyLines(readText(text).doc, totalLine).map((l) => l.kind);

describe('classifyLines', () => {
  it('reads an item line with its quantity and price', () => {
    const text = [
      'CAFE LUNA',
      'Receipt 1043',
      '2 x Espresso      7.00',
      'TOTAL             7.00',
      'CASH             10.00',
      'CHANGE            3.00',
    ].join('\n');
    expect(kindsOf(text, 3)[2]).toBe('item');
  });

  it('reads subtotal, tax and total lines in several languages as summary lines', () => {
    const english = kindsOf(
      ['Tea  3.00', 'Cake  4.00', 'Subtotal  7.00', 'Tax  0.70', 'Total  7.70'].join('\n'),
      4,
    );
    const german = kindsOf(
      ['Brot  3,00', 'Käse  4,00', 'Zwischensumme  7,00', 'MwSt 19%  1,12', 'Summe  7,00'].join('\n'),
      4,
    );
    const french = kindsOf(
      ['Pain  3,00', 'Fromage  4,00', 'Sous-total  7,00', 'TVA  0,70', 'Total TTC  7,70'].join('\n'),
      4,
    );
    for (const kinds of [english, german, french])
      expect(kinds.slice(2)).toEqual(['summary', 'summary', 'summary']);
  });

  it('reads tender, card and change lines as payment lines', () => {
    const kinds = kindsOf(
      ['Bread  2.50', 'Milk  1.20', 'TOTAL  3.70', 'CASH  5.00', 'CHANGE  1.30', 'VISA  3.70'].join('\n'),
      2,
    );
    expect(kinds.slice(3)).toEqual(['payment', 'payment', 'payment']);
  });

  it('reads the shop above the items as header lines', () => {
    const kinds = kindsOf(
      ['CORNER MARKET', '12 High Street', 'QTY  DESCRIPTION  AMOUNT', '1  Apples  2.40', 'TOTAL  2.40'].join(
        '\n',
      ),
      4,
    );
    expect(kinds.slice(0, 2)).toEqual(['header', 'header']);
  });
});

describe('productsOfKinds', () => {
  it('splits item lines into name, quantity and price and joins continuations', () => {
    const lines = [
      'Cordless drill 18V with two',
      'batteries and case  129.00',
      '2 x Screws  6.50',
      'TOTAL  135.50',
    ];
    expect(productsOfKinds(lines, ['item', 'continuation', 'item', 'summary'])).toEqual([
      { name: 'Cordless drill 18V with two batteries and case', quantity: 1, price: '129.00', url: null },
      { name: 'Screws', quantity: 2, price: '6.50', url: null },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { readRow } from './product-rows';
import { isHeadOnly } from './row-words';

const read = (line: string) => {
  const { kind, name, price, quantity } = readRow(line);
  return { kind, name, price: price?.decimal ?? null, quantity };
};

describe('readRow', () => {
  it('reads a name with its amount columns, dropping codes, rates and unit prices', () => {
    expect(read('1  TB100A4  Trennblätter A4  9,90  20 Stk  19 %  198,00')).toEqual({
      kind: 'item',
      name: 'Trennblätter A4',
      price: '198.00',
      quantity: 20,
    });
    expect(read("Decoded Leather Sleeve 15,4'' Vintage Bruin  2  € 99,99  21%  € 199,98")).toEqual({
      kind: 'item',
      name: "Decoded Leather Sleeve 15,4'' Vintage Bruin",
      price: '199.98',
      quantity: 2,
    });
  });

  it('tells amounts, unit prices, quantities, codes and labels apart', () => {
    expect(read('EUR 13,00').kind).toBe('money');
    expect(read('($1.69/lb) $1.76')).toMatchObject({ kind: 'money', price: '1.76' });
    expect(read('2 Stk x  0,29')).toMatchObject({ kind: 'unit', quantity: 2 });
    expect(read('2.50*3')).toMatchObject({ kind: 'unit', quantity: 3 });
    expect(read('Quantity: 1')).toMatchObject({ kind: 'qty', quantity: 1 });
    expect(read('9555845400009').kind).toBe('code');
    expect(read('EZ08 - 6/12').kind).toBe('code');
    expect(read('Sold by: Amazon.com LLC').kind).toBe('label');
    expect(read('Order #202-4472916-7978729').kind).toBe('label');
    expect(read('Shipped on March 24, 2017').kind).toBe('label');
  });

  it('reads a quantity that leads the name', () => {
    expect(read('2 (1.04 lb) of: Broccoli Crowns')).toMatchObject({
      kind: 'name',
      name: 'Broccoli Crowns',
      quantity: 2,
    });
    expect(read('1 Exemplar(e) von: Das Buch')).toMatchObject({
      kind: 'name',
      name: 'Das Buch',
      quantity: 1,
    });
    expect(read('2 x Kettle  49.90')).toMatchObject({ kind: 'item', name: 'Kettle', quantity: 2 });
  });

  it('reads the amount columns of a line of columns from a column start', () => {
    expect(read('PFAND 0,15 EUR  0,30 A *')).toMatchObject({
      kind: 'item',
      name: 'PFAND 0,15 EUR',
      price: '0.30',
    });
    expect(read('PFAND 0,25  2  0,25 €  0,50 €  A')).toMatchObject({
      name: 'PFAND 0,25',
      quantity: 2,
      price: '0.50',
    });
  });

  it('does not take sizes, versions or model numbers for amounts', () => {
    expect(read('Pepsi Max Zero 6x1,5l').kind).toBe('name');
    expect(read('BALL PEN 6BK 0.5MM KC1069#').kind).toBe('name');
    expect(read('B.R.C A10 1.7X4M').kind).toBe('name');
  });

  it('knows the column heads of an item table', () => {
    expect(readRow('Pos  Beschreibung  Nettopreis  Menge  Steuersatz  Nettobetrag').kind).toBe('header');
    expect(readRow('QTY  DESCRIPTION  PRICE  TOTAL').kind).toBe('header');
    expect(readRow('TOTAL QTY:').kind).not.toBe('header');
    expect(isHeadOnly('S/PRICE')).toBe(true);
    expect(isHeadOnly('Kettle')).toBe(false);
  });
});

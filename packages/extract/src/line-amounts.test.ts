import { describe, expect, it } from 'vitest';
import { amountsIn } from './line-amounts';

describe('amountsIn', () => {
  it('reads each amount of a line, left to right, with where it starts', () => {
    expect(amountsIn('VAT 20%  8.32  Total 49.90')).toEqual([
      { decimal: '8.32', minor: 832, currency: null, index: 9 },
      { decimal: '49.90', minor: 4990, currency: null, index: 21 },
    ]);
  });
  it('reads currencies and grouped digits, and keeps refunds negative', () => {
    expect(amountsIn('2 x Kettle  €49,90')).toEqual([
      { decimal: '49.90', minor: 4990, currency: 'EUR', index: 12 },
    ]);
    expect(amountsIn('Total 1 234,56 EUR')).toEqual([
      { decimal: '1234.56', minor: 123456, currency: 'EUR', index: 6 },
    ]);
    expect(amountsIn('Refund -5.00')).toEqual([{ decimal: '-5.00', minor: -500, currency: null, index: 7 }]);
  });
  it('reads the amount after a three-letter label that is no currency', () => {
    expect(amountsIn('VAT 17.00')).toMatchObject([{ decimal: '17.00', currency: null, index: 4 }]);
    expect(amountsIn('EUR 17.00')).toMatchObject([{ decimal: '17.00', currency: 'EUR', index: 0 }]);
  });
  it('never reads an IP address or a version number as money', () => {
    expect(amountsIn('Dedicated server 10.0.12.34  49.00')).toMatchObject([{ decimal: '49.00' }]);
    expect(amountsIn('Firmware 2.4.1 update')).toEqual([]);
  });
  it("never takes a model's digits for an amount's first group of digits", () => {
    expect(amountsIn('Sony WH-1000XM5 349,00 €')).toEqual([
      { decimal: '349.00', minor: 34900, currency: 'EUR', index: 16 },
    ]);
    expect(amountsIn('Robot aspirateur S7 1 399,00 €').map((a) => a.decimal)).toEqual(['1399.00']);
    expect(amountsIn('Galaxy A5 129.00').map((a) => a.decimal)).toEqual(['129.00']);
  });
  it('skips a date written before an amount', () => {
    expect(amountsIn('Delivered 12/03/2025 for 5.00').map((a) => a.decimal)).toEqual(['5.00']);
  });
  it('takes bare integers only when asked to', () => {
    expect(amountsIn('Qty 3  Item 1234')).toEqual([]);
    expect(amountsIn('Qty 3  Item 1234', true).map((a) => a.decimal)).toEqual(['3', '1234']);
  });
});

import { describe, expect, it } from 'vitest';
import { amountPrinted, datePrinted, namePrinted } from './printed';

describe('printed', () => {
  it('finds a date in its common renderings, not inside other digits', () => {
    expect(datePrinted('2022-02-19', 'Bestellt am 19. Februar 2022')).toBe(true);
    expect(datePrinted('2022-02-19', 'Order placed February 19, 2022')).toBe(true);
    expect(datePrinted('2018-12-25', 'DATE: 25/12/18 10:02')).toBe(true);
    expect(datePrinted('2018-03-04', '20180304 1234')).toBe(true);
    expect(datePrinted('2019-03-03', '03 MAR 19')).toBe(true);
    expect(datePrinted('2017-12-31', 'DATE 31 - 12 - 2017 15:12')).toBe(true);
    expect(datePrinted('2017-11-01', 'NOV 2017')).toBe(false);
    expect(datePrinted('2018-12-25', 'ref 125/12/2018')).toBe(false);
    expect(datePrinted(null, '25/12/2018')).toBe(false);
  });

  it('finds an amount with either decimal mark and thousands groups', () => {
    expect(amountPrinted('1234.50', 'Gesamt 1.234,50 EUR')).toBe(true);
    expect(amountPrinted('1234.50', 'TOTAL 1,234.50')).toBe(true);
    expect(amountPrinted('580965.00', 'TOTAL 580,965')).toBe(true);
    expect(amountPrinted('9.90', 'TOTAL 19.90')).toBe(false);
    expect(amountPrinted('9.90', 'TOTAL 9.905')).toBe(false);
    expect(amountPrinted('15.00', 'qty 15')).toBe(false);
  });

  it('finds a merchant or an alias, case, accents and spacing aside', () => {
    expect(namePrinted(['Café  Lumière'], 'CAFE LUMIERE\nTOTAL')).toBe(true);
    expect(namePrinted([null, 'Amazon.de'], 'Sold by amazon.de')).toBe(true);
    expect(namePrinted(['ACME'], 'BOLT')).toBe(false);
  });
});

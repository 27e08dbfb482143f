import { describe, expect, it } from 'vitest';
import { findMainProduct, isMainProduct } from './consumables.service';

const owned = (...names: string[]) =>
  names.map((product_name, i) => ({ id: i + 1, product_name, parent_id: null }));

describe('findMainProduct', () => {
  it('links a part to the newest product of its kind', () => {
    expect(findMainProduct('Toner cartridge black', owned('Office printer', 'Old printer'))).toEqual({
      mainId: 1,
      everyDays: 120,
    });
  });

  it('prefers the product that shares the part’s brand or model', () => {
    const products = owned('Ink jet printer P20', 'PrintMaster 3100 printer');
    expect(findMainProduct('PrintMaster 3100 ink cartridge', products)?.mainId).toBe(2);
  });

  it('links a part that names its kind of product only to that kind', () => {
    // "water filter" is also an espresso machine's part, but this one says it is a fridge's.
    expect(findMainProduct('Side-by-side fridge water filter', owned('Espresso machine'))).toBeNull();
    expect(
      findMainProduct('Side-by-side fridge water filter', owned('Espresso machine', 'Side-by-side fridge')),
    ).toEqual({ mainId: 2, everyDays: 180 });
    expect(findMainProduct('Water filter 3-pack', owned('Espresso machine'))?.mainId).toBe(1);
  });

  it('never links a part to another part or to a product that is already a part', () => {
    const products = [
      { id: 1, product_name: 'Printer toner', parent_id: null },
      { id: 2, product_name: 'Printer', parent_id: 9 },
    ];
    expect(findMainProduct('Toner cartridge', products)).toBeNull();
  });
});

describe('isMainProduct', () => {
  it('tells a product parts belong to from its parts and from other products', () => {
    expect(isMainProduct('Compact refrigerator 90L')).toBe(true);
    expect(isMainProduct('Refrigerator water filter')).toBe(false);
    expect(isMainProduct('Trail running shoes')).toBe(false);
  });
});

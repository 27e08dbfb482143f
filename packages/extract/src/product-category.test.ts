import { describe, expect, it } from 'vitest';
import { categorize } from './product-category';

describe('categorize', () => {
  it.each([
    ['Bosch Serie 4 dishwasher SMS4HTI45E', 'Large Appliances'],
    ['Apple MacBook Air 13"', 'Computers'],
    ['Philips Sonicare brush heads (4 pack)', 'Parts & Consumables'],
    ['De’Longhi Magnifica coffee machine', 'Small Appliances'],
    ['Organic coffee beans 1kg', 'Groceries'],
    ['Samsung 55" OLED TV', 'TV & Audio'],
  ])('puts %s in %s', (name, category) => {
    expect(categorize(name)).toBe(category);
  });
  it('answers null for words it does not know', () => {
    expect(categorize('Gift card')).toBeNull();
  });
});

/**
 * The kind of product a product's name says it is ("Bosch Serie 4 dishwasher" is a large appliance), by
 * the words of every language's lexicon (lexicon/<language>.ts, `productCategories`). What a category
 * means for a purchase (its usual warranty) is the server's.
 */
import { alternativesOf, inEveryLanguage } from './lexicon';
import type { ProductCategory } from './lexicon/lexicon';

/** Every category, in the order a tie between two equally long words is settled. */
export const PRODUCT_CATEGORIES: readonly ProductCategory[] = [
  'Phones & Tablets',
  'Computers',
  'TV & Audio',
  'Cameras',
  'Gaming',
  'Large Appliances',
  'Small Appliances',
  'Personal Care',
  'Furniture',
  'Tools & Garden',
  'Sports & Outdoors',
  'Smart Home',
  'Watches & Wearables',
  'Clothing & Shoes',
  'Groceries',
  'Books & Media',
  'Parts & Consumables',
];

const MATCHERS = PRODUCT_CATEGORIES.map((category) => ({
  category,
  pattern: new RegExp(
    `\\b(${alternativesOf(inEveryLanguage((l) => l.productCategories[category]))})s?\\b`,
    'i',
  ),
}));

/**
 * The category a product's name suggests; the longest matching word wins, so "coffee beans" is a grocery
 * and "coffee machine" an appliance. Null when nothing matches.
 * @example categorize('Bosch Serie 4 dishwasher') //=> 'Large Appliances'
 */
export function categorize(productName: string): ProductCategory | null {
  let best: { category: ProductCategory; length: number } | null = null;
  for (const { category, pattern } of MATCHERS) {
    const match = pattern.exec(productName);
    if (match?.[1] && (!best || match[1].length > best.length)) best = { category, length: match[1].length };
  }
  return best?.category ?? null;
}

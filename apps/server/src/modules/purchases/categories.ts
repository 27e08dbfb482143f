import type { ProductCategory } from '@warrantly/extract/lexicon/lexicon';
import { addDays } from '../../dates';

/**
 * The usual warranty length of each product category (the words that place a product in one are read by
 * the extractor: @warrantly/extract/product-category). Lengths are the common manufacturer warranty in
 * months (EU legal guarantee is 24 months for most goods; US manufacturers mostly give 12). An estimate
 * is marked as such, and the user can correct it.
 */
const WARRANTY_MONTHS: Record<ProductCategory, number> = {
  'Phones & Tablets': 12,
  Computers: 12,
  'TV & Audio': 24,
  Cameras: 12,
  Gaming: 12,
  'Large Appliances': 24,
  'Small Appliances': 24,
  'Personal Care': 24,
  Furniture: 24,
  'Tools & Garden': 24,
  'Sports & Outdoors': 12,
  'Smart Home': 12,
  'Watches & Wearables': 24,
  'Clothing & Shoes': 0,
  Groceries: 0,
  'Books & Media': 0,
  'Parts & Consumables': 0,
};

/**
 * The usual warranty end for a product of `category` bought on `purchaseDate`; null when the category
 * has no warranty worth tracking (groceries, clothing) or is unknown.
 * @example estimateWarranty('Computers', '2026-01-31') //=> '2027-01-31'
 */
export function estimateWarranty(category: string | null, purchaseDate: string | null): string | null {
  const months =
    category && Object.hasOwn(WARRANTY_MONTHS, category) ? WARRANTY_MONTHS[category as ProductCategory] : 0;
  if (!purchaseDate || months === 0) return null;
  const [y, m, d] = purchaseDate.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(d, lastDay));
  return addDays(end.toISOString().slice(0, 10), 0);
}

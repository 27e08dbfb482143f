import { addDays } from '../../dates';

/**
 * Product categories, the words that place a product in one, and the usual warranty length there.
 * Lengths are the common manufacturer warranty in months (EU legal guarantee is 24 months for most goods;
 * US manufacturers mostly give 12). An estimate is marked as such, and the user can correct it.
 */
export const CATEGORIES: { name: string; warrantyMonths: number; words: string[] }[] = [
  {
    name: 'Phones & Tablets',
    warrantyMonths: 12,
    words: ['phone', 'iphone', 'smartphone', 'pixel', 'galaxy', 'tablet', 'ipad'],
  },
  {
    name: 'Computers',
    warrantyMonths: 12,
    words: [
      'laptop',
      'notebook',
      'macbook',
      'computer',
      'pc',
      'desktop',
      'chromebook',
      'monitor',
      'keyboard',
      'mouse',
      'ssd',
      'router',
      'printer',
    ],
  },
  {
    name: 'TV & Audio',
    warrantyMonths: 24,
    words: [
      'tv',
      'television',
      'oled',
      'soundbar',
      'speaker',
      'headphones',
      'earbuds',
      'airpods',
      'headset',
      'amplifier',
      'receiver',
      'projector',
    ],
  },
  { name: 'Cameras', warrantyMonths: 12, words: ['camera', 'lens', 'gopro', 'drone'] },
  {
    name: 'Gaming',
    warrantyMonths: 12,
    words: ['playstation', 'xbox', 'nintendo', 'switch', 'console', 'controller', 'gamepad'],
  },
  {
    name: 'Large Appliances',
    warrantyMonths: 24,
    words: [
      'fridge',
      'refrigerator',
      'freezer',
      'dishwasher',
      'washing machine',
      'washer',
      'dryer',
      'oven',
      'range',
      'cooktop',
      'hob',
      'furnace',
      'boiler',
      'air conditioner',
      'heat pump',
      'water heater',
    ],
  },
  {
    name: 'Small Appliances',
    warrantyMonths: 24,
    words: [
      'vacuum',
      'coffee',
      'espresso',
      'kettle',
      'toaster',
      'blender',
      'mixer',
      'microwave',
      'air fryer',
      'humidifier',
      'dehumidifier',
      'purifier',
      'fan',
      'heater',
      'iron',
      'juicer',
      'grinder',
    ],
  },
  {
    name: 'Personal Care',
    warrantyMonths: 24,
    words: ['razor', 'shaver', 'toothbrush', 'hair dryer', 'straightener', 'trimmer', 'epilator'],
  },
  {
    name: 'Furniture',
    warrantyMonths: 24,
    words: [
      'sofa',
      'couch',
      'chair',
      'table',
      'desk',
      'bed',
      'mattress',
      'wardrobe',
      'shelf',
      'bookcase',
      'cabinet',
      'dresser',
    ],
  },
  {
    name: 'Tools & Garden',
    warrantyMonths: 24,
    words: [
      'drill',
      'saw',
      'mower',
      'lawn',
      'trimmer',
      'pressure washer',
      'ladder',
      'toolbox',
      'grill',
      'bbq',
    ],
  },
  {
    name: 'Sports & Outdoors',
    warrantyMonths: 12,
    words: ['bike', 'bicycle', 'treadmill', 'tent', 'helmet', 'kayak', 'skis'],
  },
  {
    name: 'Smart Home',
    warrantyMonths: 12,
    words: [
      'thermostat',
      'doorbell',
      'smart plug',
      'smoke alarm',
      'smoke detector',
      'alarm',
      'security camera',
      'bulb',
    ],
  },
  {
    name: 'Watches & Wearables',
    warrantyMonths: 24,
    words: ['watch', 'smartwatch', 'fitness tracker', 'fitbit'],
  },
  {
    name: 'Clothing & Shoes',
    warrantyMonths: 0,
    words: ['shirt', 't-shirt', 'jeans', 'jacket', 'shoes', 'sneakers', 'dress', 'socks', 'coat'],
  },
  {
    name: 'Groceries',
    warrantyMonths: 0,
    words: ['milk', 'bread', 'coffee beans', 'tea', 'fruit', 'vegetable', 'cheese', 'snack', 'grocery'],
  },
  {
    name: 'Books & Media',
    warrantyMonths: 0,
    words: ['book', 'paperback', 'hardcover', 'kindle edition', 'vinyl', 'blu-ray', 'dvd'],
  },
  {
    name: 'Parts & Consumables',
    warrantyMonths: 0,
    words: [
      'filter',
      'cartridge',
      'toner',
      'ink',
      'brush head',
      'blades',
      'bags',
      'descaler',
      'battery',
      'wick',
      'refill',
    ],
  },
];

const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MATCHERS = CATEGORIES.map((c) => ({
  ...c,
  pattern: new RegExp(`\\b(${c.words.map(escapeRegex).join('|')})s?\\b`, 'i'),
}));

/**
 * The category a product's words suggest; the longest matching word wins, so "coffee beans" is a grocery
 * and "coffee machine" an appliance. Null when nothing matches.
 * @example categorize('Bosch Serie 4 dishwasher') //=> 'Large Appliances'
 */
export function categorize(productName: string): string | null {
  let best: { name: string; length: number } | null = null;
  for (const matcher of MATCHERS) {
    const match = matcher.pattern.exec(productName);
    if (match?.[1] && (!best || match[1].length > best.length))
      best = { name: matcher.name, length: match[1].length };
  }
  return best?.name ?? null;
}

/**
 * The usual warranty end for a product of `category` bought on `purchaseDate`; null when the category
 * has no warranty worth tracking (groceries, clothing) or is unknown.
 * @example estimateWarranty('Computers', '2026-01-31') //=> '2027-01-31'
 */
export function estimateWarranty(category: string | null, purchaseDate: string | null): string | null {
  const months = CATEGORIES.find((c) => c.name === category)?.warrantyMonths ?? 0;
  if (!purchaseDate || months === 0) return null;
  const [y, m, d] = purchaseDate.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(d, lastDay));
  return addDays(end.toISOString().slice(0, 10), 0);
}

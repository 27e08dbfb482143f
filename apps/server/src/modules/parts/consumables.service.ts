/**
 * Kinds of product and the consumables they use, with the usual replacement interval in days.
 * A new purchase matching `part` words is linked to the user's newest purchase matching `main` words.
 */
export const CONSUMABLES: { main: string[]; part: string[]; everyDays: number }[] = [
  { main: ['fridge', 'refrigerator'], part: ['water filter', 'fridge filter'], everyDays: 180 },
  {
    main: ['vacuum'],
    part: ['vacuum bag', 'dust bag', 'hepa filter', 'vacuum filter', 'bags'],
    everyDays: 90,
  },
  { main: ['printer'], part: ['ink', 'toner', 'cartridge'], everyDays: 120 },
  {
    main: ['furnace', 'hvac', 'air conditioner', 'heat pump'],
    part: ['air filter', 'furnace filter', 'hvac filter'],
    everyDays: 90,
  },
  { main: ['razor', 'shaver'], part: ['blades', 'cartridges', 'shaver head', 'razor blade'], everyDays: 30 },
  {
    main: ['electric toothbrush', 'toothbrush', 'sonicare', 'oral-b'],
    part: ['brush head', 'brush heads'],
    everyDays: 90,
  },
  {
    main: ['coffee machine', 'espresso machine', 'coffee maker', 'espresso'],
    part: ['descaler', 'water filter', 'coffee filter', 'decalcifier'],
    everyDays: 60,
  },
  { main: ['humidifier'], part: ['wick', 'humidifier filter'], everyDays: 60 },
  {
    main: ['water purifier', 'water filter pitcher', 'brita'],
    part: ['cartridge', 'filter cartridge', 'replacement filter'],
    everyDays: 60,
  },
  {
    main: ['smoke alarm', 'smoke detector', 'carbon monoxide'],
    part: ['battery', 'batteries', '9v'],
    everyDays: 365,
  },
  {
    main: ['air purifier'],
    part: ['hepa filter', 'carbon filter', 'purifier filter', 'replacement filter'],
    everyDays: 180,
  },
  { main: ['dishwasher'], part: ['dishwasher salt', 'rinse aid', 'dishwasher filter'], everyDays: 90 },
  { main: ['washing machine', 'washer'], part: ['washer cleaner', 'drum cleaner'], everyDays: 30 },
  {
    main: ['range hood', 'cooker hood', 'extractor hood'],
    part: ['grease filter', 'charcoal filter', 'carbon filter'],
    everyDays: 90,
  },
  { main: ['lawn mower', 'mower'], part: ['mower blade', 'spark plug', 'air filter'], everyDays: 365 },
  { main: ['car'], part: ['wiper blades', 'cabin filter', 'oil filter'], everyDays: 180 },
];

const hasWord = (text: string, phrase: string) =>
  new RegExp(`\\b${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\\b`, 'i').test(text);

/** True when `name` reads as a consumable part of some main product (a filter, a brush head...). */
export function isConsumable(name: string): boolean {
  return CONSUMABLES.some((rule) => rule.part.some((p) => hasWord(name, p)));
}

/** Words of a name that can tell one product from another ("LaserJet", "M140"), lower-cased. */
const nameWords = (name: string) =>
  new Set(
    name
      .toLowerCase()
      .match(/[\p{L}\p{N}]{2,}/gu)
      ?.filter((w) => /\p{N}/u.test(w) || w.length > 3),
  );

/**
 * The id of the main product `partName` is a consumable of, among the user's `owned` purchases (newest
 * first), with the usual interval; null when it is no known consumable or the user owns no such product.
 * A part that names its kind of product ("fridge water filter") goes only with that kind; among the
 * products it can go with, the one sharing the most words with it (a brand, a model) wins, else the
 * newest of the first kind listed.
 * @example findMainProduct('Samsung fridge water filter', [{ id: 4, product_name: 'Samsung fridge', parent_id: null }])
 * //=> { mainId: 4, everyDays: 180 }
 */
export function findMainProduct(
  partName: string,
  owned: { id: number; product_name: string; parent_id: number | null }[],
): { mainId: number; everyDays: number } | null {
  const rules = CONSUMABLES.filter((rule) => rule.part.some((p) => hasWord(partName, p)));
  const named = rules.filter((rule) => rule.main.some((m) => hasWord(partName, m)));
  const words = nameWords(partName);
  let best: { mainId: number; everyDays: number; shared: number } | null = null;
  for (const rule of named.length > 0 ? named : rules) {
    for (const o of owned) {
      if (
        o.parent_id !== null ||
        !rule.main.some((m) => hasWord(o.product_name, m)) ||
        rule.part.some((p) => hasWord(o.product_name, p))
      )
        continue;
      const shared = [...nameWords(o.product_name)].filter((w) => words.has(w)).length;
      if (!best || shared > best.shared) best = { mainId: o.id, everyDays: rule.everyDays, shared };
    }
  }
  return best && { mainId: best.mainId, everyDays: best.everyDays };
}

/** True when `name` reads as a product some consumable belongs to (a printer, a fridge...), not as a part. */
export function isMainProduct(name: string): boolean {
  return !isConsumable(name) && CONSUMABLES.some((rule) => rule.main.some((m) => hasWord(name, m)));
}

/**
 * How a replacement interval reads to people.
 * @example describeInterval(180) //=> 'every 6 months'
 */
export function describeInterval(days: number): string {
  if (days % 365 === 0) return days === 365 ? 'every year' : `every ${days / 365} years`;
  if (days % 30 === 0) return days === 30 ? 'every month' : `every ${days / 30} months`;
  if (days % 7 === 0) return days === 7 ? 'every week' : `every ${days / 7} weeks`;
  return days === 1 ? 'every day' : `every ${days} days`;
}

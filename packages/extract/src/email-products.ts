import type { Product } from './types';

/** The words of a name an HTML part cut short ("Bathroom Faucet Brushed Nickel On..."), or null. */
function cutStem(name: string): string | null {
  const mark = name.endsWith('...') ? 3 : name.endsWith('…') ? 1 : 0;
  const stem = mark ? name.slice(0, -mark).trim() : '';
  return stem || null;
}
/** Bullets a text part puts before its items. */
const BULLET = /^(?:[*•·‣◦-]|\d{1,2}[.)])\s+/;
/** Fewer words than this at the end of a cut name say too little to find the rest of it. */
const MIN_WORDS = 3;
const MAX_NAME = 200;

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Completes the product names an e-mail's HTML part cut short from its text/plain alternative, which
 * shop mailers often print in full: a cut name's last words (at least three; the last may be cut inside
 * a word) that begin a longer line of the text part give the product that line. The name may carry words
 * of a line above it ("View or edit order Bathroom Faucet..."), so the longest matching tail wins and the
 * line replaces the whole name. Names not cut, or with no such line, stay as they are.
 * @example completeCutNames([{ name: 'Kettle Stainless St...', ... }], '* Kettle Stainless Steel 1.7 l\n')
 *   //=> [{ name: 'Kettle Stainless Steel 1.7 l', ... }]
 */
export function completeCutNames(products: Product[], plainLines: readonly string[]): Product[] {
  if (!products.some((p) => cutStem(p.name))) return products;
  const lines = plainLines
    .map((line) => line.trim().replace(BULLET, ''))
    .filter((line) => line.length > 0 && line.length <= MAX_NAME)
    .map((line) => ({ line, key: normalise(line) }));
  return products.map((product) => {
    const stem = cutStem(product.name);
    if (!stem) return product;
    const words = normalise(stem).split(' ');
    for (let take = words.length; take >= MIN_WORDS; take -= 1) {
      const tail = words.slice(words.length - take).join(' ');
      const whole = lines.find(({ key }) => key.length > tail.length && key.startsWith(tail));
      if (whole) return { ...product, name: whole.line };
    }
    return product;
  });
}

/** Opening quote marks and the marks that may close each: straight, curly, low-high and angle quotes. */
const QUOTES: ReadonlyMap<string, readonly string[]> = new Map([
  ['"', ['"']],
  ['“', ['”']],
  ['„', ['“', '”']],
  ['«', ['»']],
]);

/** The first quoted text of `text` (found by position, not by a pattern that could backtrack). */
function firstQuoted(text: string): string | null {
  for (let at = 0; at < text.length; at += 1) {
    const closers = QUOTES.get(text[at] as string);
    if (!closers) continue;
    const ends = closers.map((c) => text.indexOf(c, at + 1)).filter((end) => end !== -1);
    if (ends.length > 0) return text.slice(at + 1, Math.min(...ends));
  }
  return null;
}

/**
 * The product a shop's order or shipping subject names in quotes, for a message whose body lists none:
 * 'Your Amazon.co.uk order of "Pro Elec 15298pl 2 m 2 Gang..."', 'Ordered: "Kettle" and 1 more item',
 * 'Votre commande « Bouilloire »'. Quoted text without two letters, or a single token with a digit (an
 * order number such as "#A-1234"), is not a product. The caller decides the message is an order.
 */
export function productInSubject(subject: string): Product | null {
  const name = firstQuoted(subject.slice(0, 500))?.trim();
  if (!name || name.length > MAX_NAME || !/\p{L}\p{L}/u.test(name)) return null;
  if (!name.includes(' ') && /\d/.test(name)) return null;
  return { name, quantity: 1, price: null, url: null };
}

import { fromLexicon, inEveryLanguage } from './lexicon';
import { cleanMerchant } from './merchant';

/**
 * Payment processors and app stores that send receipts for someone else's sale: the shop paid is the
 * merchant, the processor only how it was paid (`payment_via`). Marketplaces that sell under their own
 * name (Amazon, eBay) are merchants and are not listed.
 */
const PROCESSORS: [RegExp, string][] = [
  [/\bpaypal\b/i, 'PayPal'],
  [/\bstripe\b/i, 'Stripe'],
  [/\bsquare(up)?\b/i, 'Square'],
  [/\bshopify\b/i, 'Shopify'],
  [/\bgoogle\s*play\b|\bplay\.google\b/i, 'Google Play'],
  [/\bapp\s*store\b|\bitunes\b/i, 'Apple'],
  [/\bklarna\b/i, 'Klarna'],
  [/\bpaddle\b/i, 'Paddle'],
  [/\bgumroad\b/i, 'Gumroad'],
  [/\bfastspring\b/i, 'FastSpring'],
  [/\bsumup\b/i, 'SumUp'],
  [/\bzettle\b|\bizettle\b/i, 'Zettle'],
  [/\bmollie\b/i, 'Mollie'],
  [/\badyen\b/i, 'Adyen'],
];

/** The processor a sender (display name or domain) or a "via X" / "powered by X" line names, if any. */
export function processorOf(sender: string[], lines: string[]): string | null {
  for (const text of sender) {
    const hit = PROCESSORS.find(([re]) => re.test(text));
    if (hit) return hit[1];
  }
  for (const line of lines.slice(0, 400)) {
    const via =
      /\b(?:via|powered\s+by|processed\s+by|über|par\s+l'intermédiaire\s+de)\s+(\S+(?:\s\S+)?)/i.exec(line);
    const hit = via ? PROCESSORS.find(([re]) => re.test(via[1] as string)) : undefined;
    if (hit) return hit[1];
  }
  return null;
}

// What introduces the payee in a sentence, in the languages we read; the name follows it.
const PAYEE_PHRASE = fromLexicon(
  new RegExp(`\\b(?:${inEveryLanguage((l) => l.payee.phrases).join('|')})\\s+`, 'i'),
);
// A label that names the payee at the start of a line ("Merchant: Acme Studio").
const PAYEE_LABEL = fromLexicon(
  new RegExp(`^\\s*(?:${inEveryLanguage((l) => l.payee.labels).join('|')})\\s*:?\\s+`, 'i'),
);

/** Where a payee's name ends: an amount, a date, an order reference, a sentence. */
const NAME_END = fromLexicon(
  new RegExp(
    `\\s(?:(?:${inEveryLanguage((l) => l.payee.nameEnd).join('|')})\\b|#|-|–|\\()|[.,;!|](?:\\s|$)|\\s\\d`,
    'i',
  ),
);

/**
 * The business a processor's receipt paid: "You paid $12.99 USD to Acme Studio", "Receipt from Acme
 * Studio #1234-5678", "Merchant: Acme Studio". Answers the name as written, tidied, or null.
 * @example findPayee(['You paid $12.99 USD to Acme Studio', 'Total $12.99'], 'PayPal') //=> 'Acme Studio'
 */
export function findPayee(lines: string[], processor: string): string | null {
  for (const line of lines.slice(0, 80)) {
    const phrase = PAYEE_PHRASE.exec(line) ?? PAYEE_LABEL.exec(line);
    if (!phrase) continue;
    let rest = line.slice(phrase.index + phrase[0].length).trim();
    const end = NAME_END.exec(rest);
    if (end) rest = rest.slice(0, end.index);
    const name = cleanMerchant(rest.slice(0, 80));
    if (name.length < 2 || !/\p{L}{2}/u.test(name)) continue;
    if (name.toLowerCase() === processor.toLowerCase() || /^(you|your|us|the)$/i.test(name)) continue;
    return name;
  }
  return null;
}

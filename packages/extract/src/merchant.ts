import { fromLexicon, inEveryLanguage } from './lexicon';
import { trimEndWhile } from './limits';

const ROLE_WORDS = fromLexicon(
  new RegExp(`\\b(${inEveryLanguage((l) => l.merchant.senderRoles).join('|')})\\b`, 'gi'),
);
const MAILBOX_HOSTS =
  /^(gmail|googlemail|outlook|hotmail|live|msn|yahoo|ymail|icloud|me|mac|aol|gmx|web|proton|protonmail|fastmail|zoho|mail|yandex|free|orange|t-online)$/i;
const MAIL_SUBDOMAINS =
  /^(mail|email|e|em|m|mx|smtp|news|newsletter|info|orders?|order|shop|store|reply|noreply|bounce|bounces|notifications?|notify|marketing|mkt|txn|transactional|service|account|accounts|billing|receipts?|us|uk|de|fr|www)$/i;
const SECOND_LEVEL = /^(co|com|net|org|gov|ac|ne|or)$/i;

/** The shop's name from its domain: 'mail.brightline-electronics.example.co.uk' -> 'Brightline Electronics'. */
export function merchantFromDomain(domain: string | null): string | null {
  if (!domain) return null;
  const labels = domain.toLowerCase().split('.').filter(Boolean);
  if (labels.length < 2) return null;
  labels.pop();
  if (labels.length > 1 && SECOND_LEVEL.test(labels[labels.length - 1] as string)) labels.pop();
  // Fictional and test domains (shop.example) name the shop in the label before them.
  if (labels.length > 1 && /^(example|test|invalid|localhost)$/.test(labels[labels.length - 1] as string))
    labels.pop();
  while (labels.length > 1 && MAIL_SUBDOMAINS.test(labels[0] as string)) labels.shift();
  const name = labels[labels.length - 1];
  if (!name || MAILBOX_HOSTS.test(name)) return null;
  return name
    .split(/[-_]/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The shop's name from a sender display name: role words ("orders", "no-reply") and decorations removed. */
export function merchantFromDisplayName(name: string | null): string | null {
  if (!name) return null;
  const unquoted = name.replace(/["'“”]/g, '');
  // "Shop via PayPal" names the shop before "via" (found by position: /\s+via\s+.*$/ backtracks).
  const via = /\svia\s/i.exec(unquoted);
  const cleaned = (via ? unquoted.slice(0, via.index) : unquoted)
    .replace(ROLE_WORDS, ' ')
    .replace(/[|:\-–—@()[\]]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return cleaned.length >= 2 && /[A-Za-zÀ-ÿ]/.test(cleaned) ? cleaned : null;
}

/** True when a display name reads like a person ("Sam Rivera"), so it does not name a shop. */
export function looksLikePerson(name: string, domain: string | null): boolean {
  const host = domain?.split('.').slice(-2, -1)[0] ?? '';
  return MAILBOX_HOSTS.test(host) && /^[A-Z][a-zà-ÿ]+(\s[A-Z][a-zà-ÿ'-]+){1,2}$/.test(name.trim());
}

const SELLER_LABEL = fromLexicon(
  new RegExp(`^(?:${inEveryLanguage((l) => l.merchant.seller).join('|')})\\s*:?\\s*`, 'i'),
);
const TLD_SUFFIX = /\.(com|de|co\.uk|uk|fr|es|it|nl|ca|com\.au|in|my|jp|net|org|shop|store)$/i;

/** `text` without a closing "(...)" that holds a digit (a registration number), and the space before it. */
function withoutNumberedBrackets(text: string): string {
  const trimmed = text.trimEnd();
  if (!trimmed.endsWith(')')) return text;
  const close = trimmed.length - 1;
  const open = trimmed.indexOf('(', trimmed.lastIndexOf(')', close - 1) + 1);
  if (open === -1 || open >= close || !/\d/.test(trimmed.slice(open + 1, close))) return text;
  return trimmed.slice(0, open).trimEnd();
}

/** `text` up to the first comma whose part (up to the next comma) holds a digit: an address follows. */
function beforeNumberedComma(text: string): string {
  for (let comma = text.indexOf(','); comma !== -1; ) {
    const next = text.indexOf(',', comma + 1);
    if (/\d/.test(text.slice(comma + 1, next === -1 ? text.length : next))) return text.slice(0, comma);
    comma = next;
  }
  return text;
}

/**
 * Tidies a merchant name as printed: seller labels, registration numbers in brackets, addresses after
 * the name and a trailing web domain go ("Sold by: Amazon.com" -> "Amazon.com" -> "Amazon").
 * @example cleanMerchant('AEON CO. (M) BHD. (126926-H)') //=> 'AEON CO. (M) BHD.'
 */
export function cleanMerchant(name: string): string {
  let out = name.replace(/\s+/g, ' ').trim().replace(SELLER_LABEL, '');
  // The cuts below find their place by position: as patterns anchored at the end they backtrack.
  out = withoutNumberedBrackets(out);
  const dash = /\s[-–|]\s/.exec(out);
  if (dash && /\d/.test(out.slice(dash.index + 3))) out = out.slice(0, dash.index);
  out = beforeNumberedComma(out);
  // A leading "#000002" is a till or branch number, never part of the name.
  out = trimEndWhile(out, (c) => ',;:*'.includes(c) || /\s/.test(c)).replace(/^(?:[*\s]|#\d+\s)+/, '');
  if (TLD_SUFFIX.test(out) && !/\s/.test(out)) out = out.replace(TLD_SUFFIX, '');
  return out.trim();
}

const SOCIAL =
  /^(facebook|twitter|x|instagram|youtube|linkedin|pinterest|tiktok|google|apple|microsoft|w3|schema|gstatic|googleapis|cloudfront|akamai|doubleclick|list-manage|mailchimp|sendgrid|amazonaws)$/i;

/**
 * The shop behind a page without usable headers: its copyright line, its title, the site most of its
 * links go to, or its logo's alt text, in that order.
 */
export function merchantOfPage(input: {
  title: string | null;
  lines: string[];
  linkHosts: string[];
  logoAlt: string | null;
}): { name: string; signal: string } | null {
  for (const line of input.lines) {
    const m =
      /(?:©|\(c\)|copyright)\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?,?\s*)?([A-Z][\w.&'’-]*(?:\s[A-Z][\w.&'’-]*){0,3})/i.exec(
        line,
      );
    if (m?.[1] && !/^(all|the|by)$/i.test(m[1]))
      return { name: cleanMerchant(m[1].replace(/,$/, '')), signal: 'merchant:copyright' };
  }
  // The title's part before " - ", " | " or ": " (found by position; a split pattern backtracks on spaces).
  const separator = input.title ? /\s[-–|:]\s/.exec(input.title) : null;
  const titled = (separator ? input.title?.slice(0, separator.index) : input.title)?.trim();
  if (
    titled &&
    titled.length <= 40 &&
    /\.[a-z]{2,3}$|^[A-Z]/.test(titled) &&
    !/\b(order|bestell|invoice|receipt|your)\b/i.test(titled)
  ) {
    return { name: cleanMerchant(titled), signal: 'merchant:title' };
  }
  const counts = new Map<string, number>();
  for (const host of input.linkHosts) {
    const name = merchantFromDomain(host);
    if (name && !SOCIAL.test(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const top = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (top && top[1] >= 2) return { name: top[0], signal: 'merchant:link-domain' };
  if (input.logoAlt) return { name: cleanMerchant(input.logoAlt), signal: 'merchant:logo-alt' };
  return null;
}

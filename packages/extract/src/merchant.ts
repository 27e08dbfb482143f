const ROLE_WORDS =
  /\b(reservations?|confirmations?|e-?tickets?|no-?reply|noreply|do-?not-?reply|orders?|order confirmation|bestellungen|commandes?|customer (service|care|support)|kundenservice|service client|support|team|notifications?|notify|alerts?|receipts?|billing|invoices?|rechnungen?|factur(es|ation)|shipping|versand|info|mailer|store|shop|online|sales|hello|news(letter)?|updates?)\b/gi;
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
  const cleaned = name
    .replace(/["'“”]/g, '')
    .replace(/\s+via\s+.*$/i, '')
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

const SELLER_LABEL =
  /^(?:sold\s*by|seller|vendor|merchant|verkauf(?:t)?\s*(?:durch|von)|verkäufer|rechnungsersteller|vendu\s*par|vendeur|vendido\s*por|venduto\s*da|verkocht\s*door|store|shop|from)\s*:?\s*/i;
const TLD_SUFFIX = /\.(com|de|co\.uk|uk|fr|es|it|nl|ca|com\.au|in|my|jp|net|org|shop|store)$/i;

/**
 * Tidies a merchant name as printed: seller labels, registration numbers in brackets, addresses after
 * the name and a trailing web domain go ("Sold by: Amazon.com" -> "Amazon.com" -> "Amazon").
 * @example cleanMerchant('AEON CO. (M) BHD. (126926-H)') //=> 'AEON CO. (M) BHD.'
 */
export function cleanMerchant(name: string): string {
  let out = name.replace(/\s+/g, ' ').trim().replace(SELLER_LABEL, '');
  out = out.replace(/\s*\((?=[^)]*\d)[^)]*\)\s*$/, '');
  out = out.replace(/\s+[-–|]\s+.*\d.*$/, '').replace(/,\s*(?=[^,]*\d).*$/, '');
  out = out.replace(/[,;:*\s]+$/, '').replace(/^[*\s]+/, '');
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
  const titled = input.title?.split(/\s+[-–|:]\s+/)[0]?.trim();
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

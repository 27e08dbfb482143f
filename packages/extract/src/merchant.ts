const ROLE_WORDS =
  /\b(no-?reply|noreply|do-?not-?reply|orders?|order confirmation|bestellungen|commandes?|customer (service|care|support)|kundenservice|service client|support|team|notifications?|notify|alerts?|receipts?|billing|invoices?|rechnungen?|factur(es|ation)|shipping|versand|info|mailer|store|shop|online|sales|hello|news(letter)?|updates?)\b/gi;
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

/**
 * Senders that mail for many shops: an address of theirs says nothing about which shop sold, so it is
 * never an identity key of the memory of corrections (memory/keys.ts). A name matches a label of the
 * sender's domain or a word of its local part: exactly when it is short, as a prefix when it is longer
 * ("amazonses", "shopifyemail"). Erring this way only loses a key, never joins two shops.
 */
export const PLATFORM_MAILERS = {
  /** Marketplaces: many sellers under one address. */
  marketplaces: [
    'amazon',
    'ebay',
    'etsy',
    'aliexpress',
    'alibaba',
    'temu',
    'rakuten',
    'zalando',
    'allegro',
    'cdiscount',
    'kaufland',
    'bol',
    'mercadolibre',
    'mercadolivre',
    'lazada',
    'shopee',
    'tokopedia',
    'flipkart',
    'vinted',
    'wish',
    'bandcamp',
    'eventbrite',
    'ticketmaster',
    'itunes',
    'googleplay',
    'apple',
  ],
  /** Payment processors and buy-now-pay-later services. */
  processors: [
    'paypal',
    'stripe',
    'square',
    'squareup',
    'klarna',
    'adyen',
    'mollie',
    'braintree',
    'paddle',
    'gumroad',
    'fastspring',
    'worldpay',
    'payoneer',
    'afterpay',
    'affirm',
    'sezzle',
    'razorpay',
    'ipay88',
    'billplz',
    'lemonsqueezy',
  ],
  /** Shop platforms that send their shops' order mail. */
  shopPlatforms: [
    'shopify',
    'myshopify',
    'woocommerce',
    'bigcommerce',
    'wix',
    'squarespace',
    'ecwid',
    'jimdo',
    'weebly',
    'sellfy',
    'tebex',
    'storenvy',
    'shopware',
    'shoplazza',
    'storehub',
  ],
  /** Point-of-sale services that e-mail till receipts. */
  pointOfSale: [
    'sumup',
    'toast',
    'toasttab',
    'lightspeed',
    'clover',
    'zettle',
    'izettle',
    'vend',
    'loyverse',
    'revel',
    'shopkeep',
    'touchbistro',
    'qashier',
    'eats365',
  ],
  /** Mail relays and marketing senders used by many companies. */
  relays: [
    'sendgrid',
    'mailgun',
    'amazonses',
    'mcsv',
    'mailchimp',
    'mandrillapp',
    'sparkpostmail',
    'postmarkapp',
    'mailjet',
    'sendinblue',
    'brevo',
    'klaviyo',
    'klaviyomail',
    'exacttarget',
    'rsgsv',
    'cmail',
    'createsend',
    'hubspot',
    'hubspotemail',
  ],
} as const;

const NAMES: readonly string[] = Object.values(PLATFORM_MAILERS).flat();
/** Names this short match only a whole label or word: "bol" must not catch "bolton". */
const EXACT_BELOW = 5;

const matches = (part: string) =>
  NAMES.some((name) => (name.length < EXACT_BELOW ? part === name : part.startsWith(name)));

/**
 * Whether an address belongs to a sender that mails for many shops.
 * @example isPlatformMailer('mailer@shopify.com') //=> true
 * @example isPlatformMailer('orders@cornercafe.co.uk') //=> false
 */
export function isPlatformMailer(address: string): boolean {
  const [local = '', domain = ''] = address.toLowerCase().split('@');
  return domain.split(/[.-]/).some(matches) || local.split(/[._+-]/).some(matches);
}

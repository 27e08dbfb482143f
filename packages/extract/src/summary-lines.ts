/**
 * The labels of an order's summary lines (subtotal, tax, shipping, fees, discounts, rounding, total,
 * payment, change, tip, counts, unit prices) in English, German, French, Spanish, Dutch, Italian and Malay: the one
 * lexicon of lines that are never products. Each role lists its words by where they may stand in a
 * label: `anywhere` (words no product name holds), `start` or `end` (words a product name may hold in its
 * middle: "SX Flyer SAECO Korting KVDNL" is an article, "Korting" alone a discount), `whole` (words that
 * begin product names too: "Cash" is a payment, "Cash register toy" is not) and `stems` (the end of a
 * compound word: "Servicegebühr", "Transportkosten", "Positionssumme").
 */

import { trimEndWhile } from './limits';

export type SummaryRole =
  | 'subtotal'
  | 'total'
  | 'tax'
  | 'shipping'
  | 'fee'
  | 'discount'
  | 'deposit-return'
  | 'rounding'
  | 'payment'
  | 'change'
  | 'tip'
  | 'count'
  | 'price'
  | 'line-total'
  | 'offers';

interface Words {
  anywhere?: string[];
  start?: string[];
  end?: string[];
  /** Ends of compound words (German, Dutch), matched at the end of any word of the label. */
  stems?: string[];
  /** Words that are a summary label only alone (with a colon or an amount's currency or number after). */
  whole?: string[];
  /** Beginnings of compound words, matched at the start of any word ("Umsatzsteueraufschlüsselung"). */
  heads?: string[];
}

/** Checked in this order: the first role whose words match names the line. */
const LEXICON: [SummaryRole, Words][] = [
  // Other products the shop suggests after the order: whatever follows is not what was bought.
  [
    'offers',
    {
      anywhere: [
        'customers who bought',
        'also bought',
        'bought together',
        'keep shopping for',
        'you might also like',
        'you may also like',
        'recommended for you',
        'inspired by your',
        'kunden, die',
        'auch gekauft',
        'könnte ihnen auch gefallen',
        'das könnte ihnen gefallen',
        'les clients ayant acheté',
        'vous aimerez aussi',
        'vous aimerez peut-être',
        'los clientes que compraron',
        'también te puede interesar',
        'te puede interesar',
        'i clienti che hanno acquistato',
        'potrebbe interessarti',
        'klanten die',
        'misschien ook interessant',
      ],
    },
  ],
  [
    'count',
    {
      anywhere: ['item count', 'total qty', 'total quantity', 'total items', 'no of items', 'anzahl artikel'],
      start: ['item(s)', 'qty(s', 'artikelanzahl', 'nombre d articles'],
      whole: ['qty', 'items', 'item'],
    },
  ],
  [
    'rounding',
    {
      anywhere: ['rounding', 'round adj', 'rundung', 'arrondi', 'redondeo', 'arrotondamento', 'afronding'],
      start: ['pelarasan', 'adj'],
    },
  ],
  [
    'subtotal',
    {
      anywhere: [
        'subtotal',
        'sub total',
        'sub-total',
        'zwischensumme',
        'nettosumme',
        'nettobetrag',
        'summe netto',
        'sous-total',
        'sous total',
        'montant ht',
        'total ht',
        'hors tva',
        'hors taxe',
        'base imponible',
        'subtotaal',
        'subtotale',
        'imponibile',
        'total before tax',
        'total excl',
        'total excluding',
        'exclusief btw',
        'excl. btw',
        'ohne mwst',
        'ohne ust',
      ],
      start: ['net amount', 'net amt', 'netto', 'warenwert'],
      end: ['netto'],
    },
  ],
  [
    'tax',
    {
      anywhere: [
        'tax',
        'taxes',
        'vat',
        'gst',
        'sst',
        'hst',
        'pst',
        'mwst',
        'mwst.',
        'ust',
        'ust.',
        'usts',
        'tva',
        'iva',
        'btw',
        'taxe',
        'impuesto',
        'impuestos',
        'imposta',
        'cukai',
        'gst@6%',
      ],
      stems: ['steuer', 'steuern', 'steuerbetrag', 'mehrwertsteuer', 'belasting'],
      heads: ['umsatzsteuer', 'mehrwertsteuer', 'steuer', 'mwst'],
      start: ['steuer', 'sr:gst', 'sr @', 'zr @'],
    },
  ],
  [
    'deposit-return',
    {
      anywhere: [
        'leergut',
        'pfandrückgabe',
        'pfand zurück',
        'deposit return',
        'bottle return',
        'statiegeld retour',
      ],
    },
  ],
  [
    'discount',
    {
      anywhere: [
        'you saved',
        'total savings',
        'savings',
        'coupon',
        'voucher',
        'promo',
        'promotion',
        'skonto',
        'preisvorteil',
        'réduction',
        'descuento',
        'sconto',
        'rewards points',
        'points',
        'punkte',
      ],
      start: ['discount', 'rabatt', 'remise', 'korting', 'abschlag', 'nachlass', 'gutschein'],
      end: ['discount', 'remise', 'korting'],
      whole: ['disc', 'saving', 'savings'],
      stems: ['rabatt', 'nachlass', 'gutschein'],
    },
  ],
  [
    'shipping',
    {
      anywhere: [
        'shipping & handling',
        'postage & packing',
        'p&p',
        'frais de port',
        "frais d'envoi",
        'frais de livraison',
        'gastos de envío',
        'gastos de envio',
        'spese di spedizione',
        'verpackung & versand',
      ],
      start: [
        'postage',
        'porto',
        'livraison',
        'envío',
        'envio',
        'spedizione',
        'verzending',
        'bezorging',
        'versand',
      ],
      whole: ['shipping', 'delivery', 'handling', 'freight', 'shipping cost', 'shipping costs'],
      end: [
        'shipping',
        'delivery',
        'postage',
        'livraison',
        'spedizione',
        'verzending',
        'bezorging',
        'lieferung',
      ],
      stems: ['versand', 'versandkosten', 'lieferkosten', 'portokosten', 'verzendkosten', 'bezorgkosten'],
      heads: ['versand', 'verzend'],
    },
  ],
  [
    'fee',
    {
      anywhere: ['service charge', 'svc chg', 'service chg', 'surcharge', 'levy'],
      start: ['fee', 'fees', 'frais', 'cargo', 'cargos', 'tarifa', 'commissione', 'toeslag'],
      end: ['fee', 'fees', 'charge', 'charges', 'frais', 'cargo', 'commissione', 'toeslag'],
      stems: ['gebühr', 'gebühren', 'servicekosten', 'zuschlag', 'heffing', 'toeslag'],
    },
  ],
  [
    'change',
    {
      anywhere: ['rückgeld', 'wechselgeld', 'monnaie rendue', 'wisselgeld', 'change due', 'change amt'],
      whole: ['change', 'cambio', 'resto', 'rendu', 'baki'],
    },
  ],
  [
    'tip',
    { anywhere: ['gratuity', 'trinkgeld', 'pourboire', 'propina', 'mancia', 'fooi'], whole: ['tip', 'tips'] },
  ],
  [
    'payment',
    {
      anywhere: [
        'visa',
        'mastercard',
        'master card',
        'maestro',
        'amex',
        'american express',
        'paypal',
        'apple pay',
        'google pay',
        'klarna',
        'girocard',
        'ec-cash',
        'ec cash',
        'ec-karte',
        'kreditkarte',
        'kartenzahlung',
        'carte bancaire',
        'tarjeta',
        'cashback',
        'auszahlung',
        'amount paid',
        'total paid',
        'paid by',
        'paid with',
        'payment method',
        'method of payment',
        'card ending',
        'ending in',
        'bezahlt',
        'prélèvement',
        'prélevé',
        'tendered',
        'cash tendered',
        'credit card',
        'debit card',
      ],
      start: ['payment', 'geg.', 'gegeben', 'betaling', 'réglé', 'regle'],
      heads: ['zahlung', 'zahlungs'],
      end: ['paid', 'betaald', 'pagato', 'pagado', 'payé'],
      whole: [
        'cash',
        'card',
        'debit',
        'credit',
        'master',
        'tender',
        'bar',
        'espèces',
        'efectivo',
        'contanti',
        'contant',
        'pin',
        'tunai',
        'kad',
        'cb',
      ],
    },
  ],
  // A product's own amount under its name ("Item total: $199.00"): its line amount, no summary of the order.
  [
    'line-total',
    {
      anywhere: [
        'item total',
        'line total',
        'zeilenbetrag',
        'zeilensumme',
        'positionsbetrag',
        'total de la ligne',
        'total línea',
        'totale riga',
        'regeltotaal',
      ],
    },
  ],
  [
    'price',
    {
      anywhere: [
        'unit price',
        'item price',
        'prix unitaire',
        'precio unitario',
        'prezzo unitario',
        'prijs per stuk',
        'price per unit',
      ],
      whole: ['price', 'preis', 'prix', 'precio', 'prezzo', 'prijs'],
      stems: ['bruttopreis', 'nettopreis', 'einzelpreis', 'stückpreis', 'listenpreis', 'wert'],
    },
  ],
  [
    'total',
    {
      anywhere: [
        'total',
        'totals',
        'totaal',
        'totale',
        'grand total',
        'amount due',
        'balance due',
        'net total',
        'endbetrag',
        'endsumme',
        'rechnungsbetrag',
        'zahlbetrag',
        'zu zahlen',
        'montant total',
        'net à payer',
        'à payer',
        'a payer',
        'ttc',
        'importe total',
        'a pagar',
        'da pagare',
        'te betalen',
        'jumlah',
        'brutto',
      ],
      start: ['summe', 'gesamt', 'amount', 'betrag', 'montant', 'importe', 'importo', 'bedrag'],
      whole: ['sum', 'balance'],
      stems: ['summe', 'betrag', 'beträge', 'gesamt', 'bestellwert'],
      heads: ['gesamt', 'rechnungssumme', 'endsumme'],
    },
  ],
];

const escapeWord = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const listOf = (words: string[] | undefined) =>
  words && words.length > 0 ? words.map(escapeWord).join('|') : null;

// Word edges in any script: JavaScript's \b knows ASCII letters only ("gebühr", "réduction").
const anywhereIn = (list: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})(?![\\p{L}\\p{N}])`, 'u');
const atStart = (list: string) => new RegExp(`^(?:${list})(?![\\p{L}\\p{N}])`, 'u');
const atEnd = (list: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})$`, 'u');
const asStem = (list: string) => new RegExp(`(?:${list})(?![\\p{L}\\p{N}])`, 'u');
const asHead = (list: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})`, 'u');
const alone = (list: string) => new RegExp(`^(?:${list})(?: ?:)?(?: (?:[a-z]{2,3}|[\\d.,]+))?$`, 'u');

/** The patterns of each role, compiled once. */
const PATTERNS: [SummaryRole, RegExp[]][] = LEXICON.map(([role, words]) => {
  const patterns: RegExp[] = [];
  const add = (list: string | null, make: (list: string) => RegExp) => {
    if (list) patterns.push(make(list));
  };
  add(listOf(words.anywhere), anywhereIn);
  add(listOf(words.start), atStart);
  add(listOf(words.end), atEnd);
  add(listOf(words.stems), asStem);
  add(listOf(words.whole), alone);
  add(listOf(words.heads), asHead);
  return [role, patterns];
});

const isTrailingMark = (c: string) => ' :;.,=*#-'.includes(c);

/**
 * A label as the lexicon reads it: lower case, single spaces, without leading marks or numbering
 * ("* ", "1. "), trailing punctuation or a trailing code in brackets ("Transportation Tax (US)").
 */
function normalise(label: string): string {
  let text = label.toLowerCase().replace(/\s+/g, ' ');
  const firstLetter = /\p{L}/u.exec(text);
  text = firstLetter ? text.slice(firstLetter.index) : '';
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = trimEndWhile(text, isTrailingMark);
    const open = text.lastIndexOf('(');
    if (text.endsWith(')') && open > 0 && text.length - open <= 62) text = text.slice(0, open);
  }
  return text;
}

/**
 * The summary role a label names (the text of a line before its amounts), or null for anything else.
 * @example summaryRole('Shipping & Handling:') //=> 'shipping'
 * @example summaryRole('United States - Transportation Tax (US)') //=> 'tax'
 * @example summaryRole('SX Flyer SAECO Korting KVDNL') //=> null
 */
export function summaryRole(label: string): SummaryRole | null {
  const text = normalise(label);
  if (!text) return null;
  for (const [role, patterns] of PATTERNS) if (patterns.some((p) => p.test(text))) return role;
  return null;
}

/**
 * Roles that close the list of items: after a subtotal or a total line comes the order's summary, not
 * more products. Taxes (an item's "incl. VAT" note), discounts, fees, shipping and deposits returned may
 * stand between items. `offers` ends the list wherever it stands (the shop's suggestions follow).
 */
export const CLOSES_ITEMS: ReadonlySet<SummaryRole> = new Set([
  'subtotal',
  'total',
  'payment',
  'change',
  'rounding',
  'count',
  'offers',
]);

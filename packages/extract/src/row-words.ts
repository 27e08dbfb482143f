/**
 * The words the product reader knows besides the summary lexicon (summary-lines.ts): words printed among
 * amounts that name nothing (currencies, tax classes, units), the column heads of item tables, the lines
 * that describe a product (seller, condition) and a document's own reference lines, in the languages read.
 */

/** Words printed among amounts that are no part of a name: currencies, tax classes, units. */
const NOT_NAME_WORDS: ReadonlySet<string> = new Set([
  'eur',
  'usd',
  'gbp',
  'chf',
  'myr',
  'inr',
  'rm',
  'rs',
  'dh',
  'sr',
  'zr',
  'zrl',
  'stk',
  'st',
  'pcs',
  'pc',
  'kg',
  'lb',
  'lbs',
  'each',
  'ea',
  'ht',
  'ttc',
  'incl',
  'inkl',
  'excl',
  'net',
  'per',
  'mois',
  'month',
  'kwh',
]);

/** Column heads of item tables; one of ITEM_HEADS must be among them. */
const ITEM_HEADS = new Set([
  'item',
  'items',
  'article',
  'articles',
  'artikel',
  'articolo',
  'articoli',
  'artículo',
  'artículos',
  'description',
  'desc',
  'beschreibung',
  'bezeichnung',
  'désignation',
  'designation',
  'descripción',
  'descripcion',
  'descrizione',
  'omschrijving',
  'product',
  'products',
  'produkt',
  'produkte',
  'produit',
  'produits',
  'producto',
  'productos',
  'prodotto',
  'prodotti',
  'qty',
  'quantity',
  'menge',
  'anzahl',
  'qte',
  'qté',
  'quantité',
  'cantidad',
  'cant',
  'quantità',
  'qtà',
  'aantal',
  'hoeveelheid',
  'pos',
  'position',
  'title',
  'titel',
  'leistung',
  'service',
]);
const OTHER_HEADS = new Set([
  'price',
  'preis',
  'prix',
  'precio',
  'prezzo',
  'prijs',
  'unit',
  'u',
  'p',
  's',
  'p.u',
  'each',
  'amount',
  'betrag',
  'montant',
  'importe',
  'importo',
  'bedrag',
  'total',
  'totaal',
  'totale',
  'summe',
  'gesamt',
  'tax',
  'vat',
  'gst',
  'mwst',
  'ust',
  'tva',
  'iva',
  'btw',
  'rate',
  'rm',
  'eur',
  'usd',
  'code',
  'disc',
  'discount',
  'rabatt',
  'net',
  'netto',
  'gross',
  'brutto',
  'no',
  'nr',
  'ordered',
  'bestellte',
  'per',
  'stuk',
  'incl',
  'excl',
  'sku',
  'ref',
  'name',
  'art',
  'kunde',
  'lief',
  'gtin',
  'ean',
  'qnty',
  'u/p',
  'up',
  'rm',
  'menu',
  'vk',
  'ohne',
  'mit',
  'pro',
  'je',
  'of',
  'de',
]);
const isHeadWord = (word: string) =>
  ITEM_HEADS.has(word) ||
  OTHER_HEADS.has(word) ||
  /(?:preis|price|betrag|amount|prijs|prix|summe|satz|total)$/.test(word);

/** Words of a text: runs of letters of at least `min` characters. */
export function words(text: string, min = 3): string[] {
  return (text.match(/\p{L}+/gu) ?? []).filter((w) => w.length >= min);
}

/** True when the text holds a word that may belong to a name. */
export function hasNameWord(text: string): boolean {
  return words(text).some((w) => !NOT_NAME_WORDS.has(w.toLowerCase()));
}

/**
 * Short letter groups that still make a name ("B.R.C A10 1.7X4M"): five letters or more, in two groups or
 * more, at least as many letters as digits, and not a list of tax classes ("ZR/OS/EZ").
 */
export function hasLetterRuns(text: string): boolean {
  const runs = (text.match(/\p{L}+/gu) ?? []).filter((w) => !NOT_NAME_WORDS.has(w.toLowerCase()));
  const letters = runs.join('').length;
  const digits = text.match(/\d/g)?.length ?? 0;
  return letters >= 5 && runs.length >= 2 && letters >= digits && !/^[A-Z]{1,3}(?:\/[A-Z]{1,3})+$/.test(text);
}

/** Lines that describe the product above them: its seller, its condition ("Fulfilled by Amazon £8.99"). */
export const DESCRIBING =
  /^(?:sold by|fulfilled by|dispatched by|shipped by|ships from|verkauft von|verkauf durch|versand durch|vendu par|expédié par|vendido por|enviado por|venduto da|spedito da|verkocht door|verzonden door|condition|zustand|état|estado|condizione|staat)(?![\p{L}])/iu;
/** "Order #202-4472916", "Invoice no. 42": a document's reference, not a product. */
const REFERENCE =
  /^(?:order|bestellung|commande|pedido|ordine|bestelling|invoice|rechnung|facture|factura|fattura|factuur|receipt|booking|reservation|confirmation|document)(?:\s?(?:#|no\.?|nr\.?|number|nummer|numéro|número|id))?\s?[:#]?\s?/i;
/** The rest of a reference line is one token with four digits or more. */
export function isReference(text: string): boolean {
  const label = REFERENCE.exec(text);
  if (!label) return false;
  const rest = text.slice(label[0].length);
  return rest.length > 0 && !/\s/.test(rest) && (rest.match(/\d/g)?.length ?? 0) >= 4;
}

const headsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s/\\&().,:;|%*#-]+/)
    .filter(Boolean);

/** The column heads of an item table: no digits, every word a column word, one naming the item. */
export function isHeader(text: string): boolean {
  if (/\d/.test(text) || text.length > 120 || text.endsWith(':')) return false;
  const heads = headsOf(text);
  return heads.length >= 1 && heads.every(isHeadWord) && heads.some((h) => ITEM_HEADS.has(h));
}

/**
 * True for a line of column words only ("PRICE", "TOTAL(RM)", "Art-Nr"): after a header it continues
 * the header (till receipts print one head per line).
 * @example isHeadOnly('S/PRICE') //=> true
 */
export function isHeadOnly(line: string): boolean {
  const heads = headsOf(line);
  return !/\d/.test(line) && line.length <= 60 && heads.length > 0 && heads.every(isHeadWord);
}

/** Headings over an order's item list ("Order summary", "Ihre Bestellung"): never a product's name. */
const HEADING =
  /^(?:order summary|order details|your order|your items|items ordered|item details|bestellübersicht|ihre bestellung|bestelldetails|bestellte artikel|récapitulatif de (?:la|votre) commande|récapitulatif|votre commande|détails de la commande|resumen del pedido|tu pedido|detalles del pedido|riepilogo ordine|il tuo ordine|dettagli ordine|besteloverzicht|je bestelling|uw bestelling)\s?:?$/i;

/**
 * True for a heading over an order's item list.
 * @example isHeading('Order summary') //=> true
 */
export function isHeading(line: string): boolean {
  return HEADING.test(line);
}

/**
 * What an amount printed beside a label stands for on an order, an invoice or a till receipt, in the
 * languages we read (English, German, French, Spanish, Italian, Dutch, Malay), for the total's evidence
 * (amounts that add up). It splits cash handed over from card payments and totals by how surely they name
 * the amount paid, which `summary-lines.ts` (the lines that are never products) does not; merging the two
 * is open work.
 */
export type AmountRole =
  | 'total'
  | 'subtotal'
  | 'tax'
  | 'shipping'
  | 'fee'
  | 'discount'
  | 'rounding'
  | 'tendered'
  | 'change'
  | 'payment'
  | 'cashback';

export interface LabelRole {
  role: AmountRole;
  /** For totals: 5 for a label that can only mean the amount paid ("Grand total"), 2 for a bare "Total". */
  strength: number;
}

const STRONG_TOTAL =
  /\b(grand\s*total|order\s*total|total\s*paid|amount\s*paid|total\s*amount|total\s*due|amount\s*due|balance\s*due|total\s*charged|payment\s*total|invoice\s*total|total\s*price|total\s*\(incl|total\s*incl\w*|total\s*inc\.?\s*(gst|vat|tax)|final\s*total|total\s*after|gesamtbetrag|gesamtsumme|rechnungsbetrag|endbetrag|zahlbetrag|zu\s*zahlen|bruttobetrag|summe\s*brutto|gesamt\s*brutto|gesamtpreis|montant\s*total|total\s*ttc|net\s*à\s*payer|montant\s*ttc|importe\s*total|total\s*a\s*pagar|totale\s*(da\s*pagare|ordine|fattura)?|totaal(bedrag)?|te\s*betalen|jumlah(\s*bayaran)?|total\s*sales|total\s*rounded|rounded\s*total|nett\s*total)\b/i;
const WEAK_TOTAL = /\b(total|summe|gesamt|brutto|montant|importe|totale|amount)\b/i;

// Checked before the totals: "Total tax", "Subtotal" and "Total excl. VAT" carry the word "total".
const SUBTOTAL =
  /\b(sub\s*(?:-\s*)?total|zwischensumme|sous[\s-]*total|subtotale|subtotaal|netto\w*|\w+\s*netto|net\s*(amount|total|sum)|total\s*(excl\w*|excluding|hors\s*taxes?|ht|net|before\s*tax)|total\s*sales\s*\(?excl\w*|montant\s*ht|base\s*imponible|imponibile)\b/i;
const TAX =
  /\b(total\s*(tax|vat|gst|sst)|tax\s*total|sales\s*tax|tax|vat|gst|sst|mwst\.?|ust\.?|umsatzsteuer|mehrwertsteuer|tva|iva|btw)\b/i;
const SHIPPING =
  /\b(shipping|delivery|postage|handling|versand\w*|porto|livraison|frais\s*de\s*port|envío|envio|spedizione|verzend\w*|bezorg\w*)\b/i;
const FEE =
  /\b(tip|gratuity|service\s*(charge|fee)|\w*\s*fees?|trinkgeld|bedienung|gebühr\w*|pourboire|propina|mancia|fooi)\b/i;
const DISCOUNT =
  /\b(discount|total\s*savings|savings|you\s*saved|coupon|voucher|promo\w*|rabatt|nachlass|gutschein|remise|réduction|descuento|sconto|korting)\b/i;
const ROUNDING =
  /\b(rounding|round(?:ing)?\s*adj\w*|rundung|arrondi|redondeo|arrotondamento|afronding|pelarasan)\b/i;
/** Cash handed out with a card payment: the card was charged the purchase plus this. */
const CASHBACK = /\b(cash\s*back|cashback|auszahlung|cash\s*out)\b/i;
const CHANGE =
  /\b(change(\s*(amt|due))?|rückgeld|wechselgeld|monnaie\s*rendue|rendu|cambio|resto|wisselgeld|baki)\b/i;
const TENDERED =
  /\b(cash|tendered|bar(geld)?|gegeben|geg\.|espèces|especes|efectivo|contanti|contant|tunai)\b/i;
const PAYMENT =
  /\b(visa|mastercard|master\s*card|amex|american\s*express|discover|paypal|apple\s*pay|google\s*pay|charged|card\s*ending|debit|kreditkarte|ec-?karte|girocard|carte\s*bancaire|tarjeta)\b/i;

/** Counts, weights and points share the word "total" and are no money at all. */
const NOT_MONEY =
  /\b(total\s*(\d+\s*)?(items?|qty|quantity|pieces|weight|points|artikel|stück)|item\s*count|points)\b/i;

/**
 * The role of the amount beside `label` (a line, or its label part), or null when it names none.
 * @example roleOf('Grand total') //=> { role: 'total', strength: 5 }
 * @example roleOf('Total tax') //=> { role: 'tax', strength: 0 }
 */
export function roleOf(label: string): LabelRole | null {
  if (NOT_MONEY.test(label)) return null;
  if (CASHBACK.test(label)) return { role: 'cashback', strength: 0 };
  if (ROUNDING.test(label) && !/\b(total\s*after|after\s*adj|rounded\s*total|total\s*rounded)\b/i.test(label))
    return { role: 'rounding', strength: 0 };
  if (SUBTOTAL.test(label)) return { role: 'subtotal', strength: 0 };
  if (DISCOUNT.test(label)) return { role: 'discount', strength: 0 };
  if (STRONG_TOTAL.test(label)) return { role: 'total', strength: 5 };
  if (TAX.test(label) && !/\b(incl\w*|inkl\w*|inclusive|including|ttc)\b/i.test(label))
    return { role: 'tax', strength: 0 };
  if (SHIPPING.test(label) && !WEAK_TOTAL.test(label)) return { role: 'shipping', strength: 0 };
  if (FEE.test(label) && !WEAK_TOTAL.test(label)) return { role: 'fee', strength: 0 };
  if (CHANGE.test(label)) return { role: 'change', strength: 0 };
  if (WEAK_TOTAL.test(label)) return { role: 'total', strength: 2 };
  if (TENDERED.test(label)) return { role: 'tendered', strength: 0 };
  if (PAYMENT.test(label)) return { role: 'payment', strength: 3 };
  return null;
}

import { type ParsedAmount, parseAmount } from './amount';
import { type DateOrder, findDates } from './dates';
import { trimEndWhile } from './limits';
import { cleanMerchant } from './merchant';
import type { Product } from './types';

/** An amount written on a line, where it starts, and what it read as. */
interface LineAmount extends ParsedAmount {
  index: number;
}

// Money as printed: optional currency before or after, grouped digits, a decimal part.
const CURRENCY_PREFIX = String.raw`(?:(?:US\$|C\$|CA\$|A\$|AU\$|HK\$|S\$|R\$|[€£¥₹৳₩₽₺₫₱฿₪$]|\b(?:RM|Rp\.?|Rs\.?|[A-Z]{3}))\s?)?`;
const NUMBER = String.raw`-?(?:\d{1,3}(?:[.,\s'’]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\d])`;
const CURRENCY_SUFFIX = String.raw`(?:\s?(?:[€£₹]|\b[A-Z]{3}\b))?`;
// Money as printed: optional currency before or after, grouped digits, a decimal part.
const MONEY = new RegExp(`${CURRENCY_PREFIX}${NUMBER}${CURRENCY_SUFFIX}`, 'g');

/**
 * Amounts on a line, left to right. Numbers that are clearly something else (percentages, quantities
 * like "2 x", dates, long ids) are skipped; bare integers only count when `allowIntegers`.
 */
export function amountsIn(line: string, allowIntegers = false): LineAmount[] {
  const out: LineAmount[] = [];
  MONEY.lastIndex = 0;
  for (let m = MONEY.exec(line); m; m = MONEY.exec(line)) {
    const raw = m[0].trim();
    const after = line.slice(m.index + m[0].length, m.index + m[0].length + 2);
    if (after.startsWith('%') || /^\s?x\b/i.test(after)) continue;
    if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/.test(line.slice(m.index))) continue;
    // MONEY separates digit groups by one character, so one space is all a group gap holds.
    const parsed = parseAmount(raw.replace(/\s(?=\d{3}\b)/g, ''));
    if (!parsed) continue;
    const hasDecimals = /[.,]\d{1,2}$/.test(raw.replace(/\s?(?:[€£₹]|[A-Z]{3})$/, ''));
    if (!hasDecimals && !parsed.currency && !allowIntegers) continue;
    if (Math.abs(parsed.minor) > 1e12) continue;
    out.push({ ...parsed, index: m.index });
  }
  return out;
}

const TOTAL_LABELS: [RegExp, number][] = [
  [
    /\b(grand\s*total|order\s*total|total\s*paid|amount\s*paid|total\s*amount|total\s*due|amount\s*due|balance\s*due|total\s*charged|payment\s*total|invoice\s*total|total\s*price|total\s*\(incl|total\s*incl|total\s*inc\.?\s*(gst|vat|tax))\b/i,
    5,
  ],
  [
    /\b(gesamtbetrag|gesamtsumme|rechnungsbetrag|endbetrag|zahlbetrag|zu\s*zahlen|bruttobetrag|summe\s*brutto|gesamt\s*brutto|gesamtpreis)\b/i,
    5,
  ],
  [
    /\b(montant\s*total|total\s*ttc|net\s*à\s*payer|montant\s*ttc|importe\s*total|total\s*a\s*pagar|totale\s*(da\s*pagare|ordine|fattura)?|totaal(bedrag)?|te\s*betalen|jumlah(\s*bayaran)?|total\s*sales|total\s*rounded|rounded\s*total)\b/i,
    5,
  ],
  [/\b(total|summe|gesamt|montant|importe|totale|amount)\b/i, 2],
];

/** Card or wallet lines: the amount beside them (or under them) is what was charged. */
const PAYMENT_LINE =
  /\b(visa|mastercard|master card|amex|american express|discover|paypal|apple pay|google pay|charged|card ending|debit|kreditkarte|carte bancaire|tarjeta)\b/i;

const NOT_TOTAL =
  /\b(sub\s*(?:-\s*)?total|subtotal|zwischensumme|nettobetrag|net\s*amount|total\s*(tax|vat|gst|discount|savings|items?|qty|quantity|excl|excluding|hors|net|before|weight|pieces|points)|tax\s*total|total\s*\d+\s*items?|rounding|change|tendered|cash\s*(paid|received)?|you\s*saved|savings|points)\b/i;

/** Labels of lines that are never products. */
const NOT_PRODUCT =
  /\b(sub\s*(?:-\s*)?total|total|subtotal|summe|gesamt|zwischensumme|tax|vat|gst|sst|mwst|ust|tva|iva|btw|shipping|delivery|versand|livraison|envío|spedizione|verzending|postage|handling|fee|fees|gebühr|frais|deposit|pfand|discount|rabatt|remise|descuento|coupon|voucher|promo|savings|you\s*saved|rounding|change|tendered|cash|visa|mastercard|amex|paypal|card|payment|paid|balance|amount\s*due|credit|refund|tip|gratuity|service\s*charge|net\s*amount|nettobetrag|installation|giftwrap|gift\s*wrap)\b/i;

export interface TotalResult {
  amount: ParsedAmount;
  confidence: number;
  signal: string;
}

/**
 * The amount paid: on the line with the strongest total label (or the line after a bare label), the
 * largest of equally labelled amounts, later lines winning ties; without a label, the largest amount.
 */
export function findTotal(lines: string[]): TotalResult | null {
  let best: { amount: ParsedAmount; weight: number; line: number } | null = null;
  for (const [i, line] of lines.entries()) {
    if (NOT_TOTAL.test(line) && !/grand\s*total|total\s*paid|amount\s*paid/i.test(line)) continue;
    const label: [RegExp, number] | undefined =
      TOTAL_LABELS.find(([re]) => re.test(line)) ?? (PAYMENT_LINE.test(line) ? [PAYMENT_LINE, 3] : undefined);
    if (!label) continue;
    let amounts = amountsIn(line);
    // Receipts often print the label and its amount on consecutive lines.
    for (let j = 1; amounts.length === 0 && j <= 2 && i + j < lines.length; j += 1) {
      const next = lines[i + j] as string;
      if (/[a-z]{4,}/i.test(next.replace(/\b(RM|USD|EUR|GBP|MYR|incl|inkl)\b/gi, ''))) break;
      amounts = amountsIn(next, true);
    }
    const amount = amounts[amounts.length - 1];
    if (!amount || amount.minor <= 0) continue;
    const weight = label[1];
    if (!best || weight > best.weight || (weight === best.weight && amount.minor >= best.amount.minor)) {
      best = { amount, weight, line: i };
    }
  }
  if (best) {
    return {
      amount: best.amount,
      confidence: best.weight >= 5 ? 0.9 : 0.7,
      signal: `label:total@${best.line}`,
    };
  }
  const all = lines
    .filter((l) => !/\b(save[ds]?|saving|discount|off|rabatt)\b/i.test(l))
    .flatMap((l) => amountsIn(l))
    .filter((a) => a.minor > 0);
  const largest = all.sort((a, b) => b.minor - a.minor)[0];
  return largest ? { amount: largest, confidence: 0.3, signal: 'largest-amount' } : null;
}

const ORDER_LABELS: [RegExp, number][] = [
  [/\b(?:confirmation|bestätigung|confirmación)\s*:\s*/i, 4],
  [
    /\b(?:order|bestell|commande|pedido|ordine|bestelling|auftrags?)\s*(?:-\s*)?(?:nummer|number|numéro|numero|num|nr\.?|no\.?|n[°º]|#|id|reference|ref\.?)?(?![a-zà-ÿ])\s*[:#.]?\s*(?:n[°º]\s*)?/i,
    5,
  ],
  [
    /\b(?:numéro\s*de\s*commande|n[°º]\s*de\s*commande|número\s*de\s*pedido|numero\s*d['’]ordine|bestelnummer|bestellnummer)\s*[:#.]?\s*/i,
    5,
  ],
  [
    /\b(?:invoice|rechnungs?|facture|factura|fattura|factuur|bill|receipt|beleg|quittung|reçu|recibo|ricevuta|confirmation|booking|reservation|buchungs?|transaction|bon)\s*(?:-\s*)?(?:nummer|number|numéro|numero|num|nr\.?|no\.?|n[°º]|#|id|code|reference|ref\.?)(?![a-zà-ÿ])\s*[:#.]?\s*/i,
    4,
  ],
  [
    /\b(?:rechnungsnummer|rechnungs-nr\.?|belegnummer|quittungsnummer|numéro\s*de\s*facture|número\s*de\s*factura|bill\s*no|c\/n\s*no|inv\s*no)\s*[:#.]?\s*/i,
    4,
  ],
  [/\b(?:reference|ref\.?|referenz|référence)\s*(?:(?:number|no\.?|nr\.?|#)\s*)?[:#.]\s*/i, 2],
];

const LOCATOR_LABEL =
  /\b(?:confirmation\s*(?:code|number|#|no\.?)|record\s*locator|booking\s*(?:code|reference)|reservation\s*code|pnr|buchungscode|code\s*de\s*réservation|código\s*de\s*reserva)\s*[:#]?\s*/i;

const ID_TOKEN = /^#?\s*([A-Z0-9][A-Z0-9\-_/.]{2,40}[A-Z0-9]|[A-Z0-9]{3,})/i;

/**
 * The merchant's order (or invoice, receipt, booking) number: the token after the strongest label that
 * holds a digit and is not a date, amount or phone number.
 * @example findOrderNumber(['Thanks! Order #112-4471905-22 ships today']) //=> { id: '112-4471905-22', ... }
 */
export function findOrderNumber(lines: string[]): { id: string; confidence: number; signal: string } | null {
  let best: { id: string; weight: number; line: number } | null = null;
  for (const [i, line] of lines.entries()) {
    // Travel bookings name themselves by a record locator: five to eight capital letters and digits.
    const locator = LOCATOR_LABEL.exec(line);
    if (locator) {
      const rest = line.slice(locator.index + locator[0].length).trim() || (lines[i + 1] ?? '').trim();
      const code = /^([A-Z0-9]{5,8})\b/.exec(rest)?.[1];
      if (code && /[A-Z]/.test(code) && (!best || 6 > best.weight)) {
        best = { id: code, weight: 6, line: i };
        continue;
      }
    }
    for (const [label, weight] of ORDER_LABELS) {
      label.lastIndex = 0;
      const m = label.exec(line);
      if (!m) continue;
      let rest = line.slice(m.index + m[0].length);
      if (!rest.trim() && i + 1 < lines.length) rest = lines[i + 1] as string;
      const token = ID_TOKEN.exec(rest.trim())?.[1]?.replace(/[.]$/, '');
      if (!token || !/\d/.test(token)) continue;
      if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(token) || /^\d{4}-\d{2}-\d{2}$/.test(token)) continue;
      if (/^\d{1,3}([.,]\d{3})*[.,]\d{2}$/.test(token)) continue;
      const digits = token.replace(/\D/g, '').length;
      if (digits < 2 || (digits < 3 && !/[A-Z]/i.test(token))) continue;
      if (!best || weight > best.weight) best = { id: token.replace(/^#/, ''), weight, line: i };
      break;
    }
  }
  return best
    ? {
        id: best.id,
        confidence: best.weight >= 5 ? 0.9 : best.weight >= 4 ? 0.75 : 0.5,
        signal: `label:order-number@${best.line}`,
      }
    : null;
}

/** Labels naming the purchase itself; a bare "Date" may be any date (delivery, travel, printing). */
const PURCHASE_DATE_LABELS =
  /\b(order(?:ed)?\s*(?:date|on|placed)|date\s*of\s*(?:order|purchase|invoice|issue)|purchase\s*date|invoice\s*date|bill\s*date|placed\s*on|issued?(?:\s*on)?|booked\s*on|receipt\s*date|transaction\s*date|bestelldatum|bestellt\s*am|rechnungsdatum|belegdatum|kaufdatum|date\s*de\s*(?:commande|facture)|fecha\s*de\s*(?:pedido|compra|factura)|data\s*(?:dell['’]ordine|ordine|fattura)|besteldatum|factuurdatum|orderdatum)\b/i;
const ANY_DATE_LABELS = /\b(date|datum|fecha|data|tarikh|le)\b/i;
const NOT_PURCHASE_DATE =
  /\b(due|fällig|échéance|vencimiento|scadenza|vervaldatum|delivery|lieferdatum|leistungsdatum|ship|arriv|expir|valid|birth|check-?in|check-?out|depart|cancel|until)\b/i;

export function findPurchaseDate(
  lines: string[],
  order: DateOrder,
): { date: string; confidence: number; signal: string } | null {
  const labelled = (labels: RegExp, signal: string, confidence: number) => {
    for (const [i, line] of lines.entries()) {
      if (!labels.test(line) || NOT_PURCHASE_DATE.test(line)) continue;
      const here =
        findDates(line, order)[0] ??
        (i + 1 < lines.length ? findDates(lines[i + 1] as string, order)[0] : undefined);
      if (here)
        return {
          date: here.iso,
          confidence: here.ambiguous ? confidence - 0.3 : confidence,
          signal: `${signal}@${i}`,
        };
    }
    return null;
  };
  const strong = labelled(PURCHASE_DATE_LABELS, 'label:purchase-date', 0.9);
  if (strong) return strong;
  const weak = labelled(ANY_DATE_LABELS, 'label:date', 0.7);
  if (weak) return weak;
  for (const line of lines) {
    if (NOT_PURCHASE_DATE.test(line)) continue;
    const first = findDates(line, order)[0];
    if (first) return { date: first.iso, confidence: first.ambiguous ? 0.4 : 0.6, signal: 'first-date' };
  }
  return null;
}

const LEGAL_SUFFIX =
  /\b(GmbH|AG|KG|OHG|UG|e\.K\.|Ltd\.?|Limited|LLC|L\.L\.C\.|Inc\.?|Corp\.?|Corporation|Co\.|S\.?A\.?S?\.?|S\.?A\.?R\.?L\.?|S\.?L\.?|S\.?p\.?A\.?|S\.?r\.?l\.?|B\.?V\.?|N\.?V\.?|Pty|Pvt\.?|Private Limited|SDN\.?\s*BHD\.?|BHD|PLC|LLP|Oy|AB|A\/S|ApS|Sp\.\s*z\s*o\.o\.)(?=\W|$)/i;
const NOT_MERCHANT =
  /\b(invoice\w*|rechnung\w*|factu\w*|receipt\w*|quittung|tax|steuer\w*|date|datum|page|seite|customer|kunde\w*|client|bill\s*to|ship\s*to|sold\s*to|deliver\w*|liefer\w*|empfänger|recipient|order\w*|bestell\w*|commande|tel|phone|fax|e-?mail|www\.|http|street|straße|strasse|str\.|road|jalan|avenue|postfach|iban|bic|swift|vat|ust|gst|reg\.?\s*no|total|amount|betrag|qty|menge|description|beschreibung|thank\w*|währung|currency|uhr|öffnungszeiten|opening|guest|name|artikel|items?|your|ihre?|cashier|kasse|station|member|payment|zahlung)\b/i;
const BUYER_MARKER =
  /\b(bill\s*to|ship\s*to|sold\s*to|invoice\s*to|deliver\s*to|rechnungsempfänger|rechnungsadresse|lieferadresse|kunde|customer|client|factur[ée]\s*à|livr[ée]\s*à|buyer|käufer)\b/i;

/**
 * The seller named at the top of a printed document: a line with a legal form (GmbH, Ltd, SDN BHD...)
 * wins, else the first line that reads like a name rather than a label, address or number.
 */
export function findMerchantInText(
  lines: string[],
): { name: string; confidence: number; signal: string } | null {
  // The seller heads most documents; a till receipt may name its company only at the foot.
  const top = lines;
  let buyerUntil = -1;
  const candidates: { name: string; score: number; line: number }[] = [];
  for (const [i, raw] of top.entries()) {
    const line = raw.replace(/\s{2,}.*/, '').trim();
    if (BUYER_MARKER.test(raw)) buyerUntil = i + 4;
    if (i <= buyerUntil) continue;
    if (line.length < 3 || line.length > 70 || !/[A-Za-zÀ-ÿ]{2}/.test(line)) continue;
    const hasLegal = LEGAL_SUFFIX.test(line);
    if (!hasLegal && NOT_MERCHANT.test(line)) continue;
    if (/\d{3,}/.test(line) && !hasLegal) continue;
    if (/^[\W\d]+$/.test(line) || /\*{3}|\d[.,]\d|\bkg\b|\bx\s*$/i.test(line)) continue;
    if (/:/.test(line) && !/^(sold\s*by|seller|vendor|verkauf|rechnungsersteller)/i.test(line)) continue;
    let score = hasLegal ? 6 : 2;
    score += Math.max(0, 3 - i * 0.3);
    if (!hasLegal && i > 15) continue;
    if (/^[A-Z0-9&.,'’\- ]+$/.test(line) && /[A-Z]{3}/.test(line)) score += 1;
    const name = cleanMerchant(line);
    if (name.length >= 2) candidates.push({ name, score, line: i });
  }
  const best = candidates.sort((a, b) => b.score - a.score || a.line - b.line)[0];
  return best
    ? {
        name: best.name,
        confidence: best.score >= 6 ? 0.8 : 0.5,
        signal: `${LEGAL_SUFFIX.test(best.name) ? 'legal-name' : 'header-line'}@${best.line}`,
      }
    : null;
}

const QUANTITY = /^(?:(\d{1,3})\s*[x×*]\s+|(?:qty|menge|anz\.?|quantité)\s*(?::\s*)?(\d{1,3})\s+)/i;

/**
 * Product lines: a name followed by its amount, above the totals, that is not a tax, fee, shipping,
 * deposit, discount or payment line.
 */
export function findProducts(lines: string[], totalLine: number | null): Product[] {
  const end = totalLine ?? lines.length;
  const products: Product[] = [];
  for (const line of lines.slice(0, end)) {
    if (NOT_PRODUCT.test(line)) continue;
    const amounts = amountsIn(line);
    const last = amounts[amounts.length - 1];
    if (!last || last.minor <= 0) continue;
    let name = line.slice(0, (amounts[0] as LineAmount).index).trim();
    let quantity = 1;
    const q = QUANTITY.exec(name);
    if (q) {
      quantity = Number(q[1] ?? q[2]);
      name = name.slice(q[0].length);
    }
    const trailingQty = /\s(\d{1,3})\s*(?:x|×|pcs|stk\.?|st\.?)?$/i.exec(name);
    if (trailingQty && Number(trailingQty[1]) < 100) {
      quantity = Number(trailingQty[1]);
      name = name.slice(0, trailingQty.index);
    }
    name = trimEndWhile(name.replace(/\s{2,}/g, ' '), (c) => ':-–|'.includes(c)).trim();
    if (name.length < 3 || !/[A-Za-zÀ-ÿ]{3}/.test(name) || findDates(name).length > 0) continue;
    if (/^(qty|quantity|price|preis|description|item|artikel|unit|amount)\b/i.test(name)) continue;
    products.push({
      name,
      quantity: quantity || 1,
      price: last.decimal.replace(/^(\d+)$/, '$1.00'),
      url: null,
    });
  }
  return products.slice(0, 100);
}

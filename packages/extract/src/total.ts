import type { ParsedAmount } from './amount';
import { amountsIn } from './line-amounts';

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

export interface TotalResult {
  amount: ParsedAmount;
  confidence: number;
  signal: string;
}

/**
 * The amount paid: on the line with the strongest total label (or the line after a bare label), the
 * largest of equally labelled amounts, later lines winning ties; without a label, the largest amount.
 * @example findTotal(['Subtotal  $90.00', 'Grand total  $97.20'])?.amount.decimal //=> '97.20'
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

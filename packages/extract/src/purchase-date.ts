import { type DateOrder, findDates } from './dates';

/** Labels naming the purchase itself; a bare "Date" may be any date (delivery, travel, printing). */
const PURCHASE_DATE_LABELS =
  /\b(order(?:ed)?\s*(?:date|on|placed)|date\s*of\s*(?:order|purchase|invoice|issue)|purchase\s*date|invoice\s*date|bill\s*date|placed\s*on|issued?(?:\s*on)?|booked\s*on|receipt\s*date|transaction\s*date|bestelldatum|bestellt\s*am|rechnungsdatum|belegdatum|kaufdatum|date\s*de\s*(?:commande|facture)|fecha\s*de\s*(?:pedido|compra|factura)|data\s*(?:dell['’]ordine|ordine|fattura)|besteldatum|factuurdatum|orderdatum)\b/i;
const ANY_DATE_LABELS = /\b(date|datum|fecha|data|tarikh|le)\b/i;
const NOT_PURCHASE_DATE =
  /\b(due|fällig|échéance|vencimiento|scadenza|vervaldatum|delivery|lieferdatum|leistungsdatum|ship|arriv|expir|valid|birth|check-?in|check-?out|depart|cancel|until)\b/i;

/**
 * The day of the purchase: the first date on (or under) a line labelled as the order's or invoice's
 * date, else on one labelled just "Date", else the first date at all; never a due, delivery or travel date.
 * @example findPurchaseDate(['Delivery 12/03/2025', 'Order date: 10/03/2025'], 'dmy')?.date //=> '2025-03-10'
 */
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

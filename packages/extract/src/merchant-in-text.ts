import { cleanMerchant } from './merchant';

const LEGAL_SUFFIX =
  /\b(GmbH|AG|KG|OHG|UG|e\.K\.|Ltd\.?|Limited|LLC|L\.L\.C\.|Inc\.?|Corp\.?|Corporation|Co\.|S\.?A\.?S?\.?|S\.?A\.?R\.?L\.?|S\.?L\.?|S\.?p\.?A\.?|S\.?r\.?l\.?|B\.?V\.?|N\.?V\.?|Pty|Pvt\.?|Private Limited|SDN\.?\s*BHD\.?|BHD|PLC|LLP|Oy|AB|A\/S|ApS|Sp\.\s*z\s*o\.o\.)(?=\W|$)/i;
const NOT_MERCHANT =
  /\b(invoice\w*|rechnung\w*|factu\w*|receipt\w*|quittung|tax|steuer\w*|date|datum|page|seite|customer|kunde\w*|client|bill\s*to|ship\s*to|sold\s*to|deliver\w*|liefer\w*|empfänger|recipient|order\w*|bestell\w*|commande|tel|phone|fax|e-?mail|www\.|http|street|straße|strasse|str\.|road|jalan|avenue|postfach|iban|bic|swift|vat|ust|gst|reg\.?\s*no|total|amount|betrag|qty|menge|description|beschreibung|thank\w*|währung|currency|uhr|öffnungszeiten|opening|guest|name|artikel|items?|your|ihre?|cashier|kasse|station|member|payment|zahlung)\b/i;
const BUYER_MARKER =
  /\b(bill\s*to|ship\s*to|sold\s*to|invoice\s*to|deliver\s*to|rechnungsempfänger|rechnungsadresse|lieferadresse|kunde|customer|client|factur[ée]\s*à|livr[ée]\s*à|buyer|käufer)\b/i;

const unbalanced = (text: string) => (text.match(/\)/g)?.length ?? 0) > (text.match(/\(/g)?.length ?? 0);

/**
 * A name printed over two or three lines ("ENTERPRISE (SETIA" above "ALAM) SDN BHD"): a line that closes a
 * bracket it did not open is joined to the lines above it until the brackets balance.
 */
function withWrappedStart(lines: string[], at: number, line: string): string {
  let joined = line;
  for (let above = at - 1; above >= Math.max(0, at - 2) && unbalanced(joined); above -= 1) {
    joined = `${(lines[above] as string).trim()} ${joined}`;
  }
  return unbalanced(joined) ? line : joined;
}

/**
 * The seller named at the top of a printed document: a line with a legal form (GmbH, Ltd, SDN BHD...)
 * wins, else the first line that reads like a name rather than a label, address or number.
 * @example findMerchantInText(['INVOICE', 'Brightline Electronics Ltd', '12 High Street'])?.name //=> 'Brightline Electronics Ltd'
 */
export function findMerchantInText(
  lines: string[],
): { name: string; confidence: number; signal: string } | null {
  // The seller heads most documents; a till receipt may name its company only at the foot.
  const top = lines;
  let buyerUntil = -1;
  const candidates: { name: string; score: number; line: number }[] = [];
  for (const [i, raw] of top.entries()) {
    const line = withWrappedStart(top, i, raw.replace(/\s{2,}.*/, '').trim());
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

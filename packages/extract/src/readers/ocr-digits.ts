import type { Doc, Token } from './doc';

/** Letters OCR reads in place of digits in receipt print, and the digit each stands for. */
const DIGIT_FOR: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
};
/** An amount as printed, letters read for digits allowed: digits, a decimal separator, two decimals. */
const AMOUNT_LIKE = /^([-+(]?)([0-9OoDQlIi|SsBZz]{1,7})([.,])([0-9OoDQlIi|SsBZz]{2})(\)?)$/;
const CLEAN_AMOUNT = /^[-+(]?\d{1,7}[.,]\d{2}\)?$/;
/** Right edges within this share of the page width make one column. */
const COLUMN_SLACK = 0.02;

/** The token with the letters that stand for digits replaced, or null when it does not look like an amount. */
function asAmount(text: string): string | null {
  const match = AMOUNT_LIKE.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', separator = '', decimals = '', close = ''] = match;
  const digits = `${whole}${decimals}`;
  // At least one digit read as one: a word with a dot in it ("SOLD.OK") is not an amount.
  const letters = [...digits].filter((c) => !/\d/.test(c)).length;
  if (letters === 0 || letters === digits.length) return null;
  const fix = (part: string) => [...part].map((c) => DIGIT_FOR[c] ?? c).join('');
  return `${sign}${fix(whole)}${separator}${fix(decimals)}${close}`;
}

/**
 * OCR letters read in place of digits (O→0, l→1, S→5, B→8 …) corrected in tokens that look like
 * amounts (some digits, a decimal separator, two decimals) and stand in a column of amounts: their
 * right edge lines up with at least one clean amount of another line. Words, and amount-like tokens
 * standing alone, are left as read. Answers a new document; lines' texts are rebuilt.
 * @example lineTexts(correctAmountDigits(docOf(['TOTAL 1O.5O', 'CASH 20.00']))) //=> ['TOTAL 10.50', 'CASH 20.00']
 */
export function correctAmountDigits(doc: Doc): Doc {
  const amounts = doc.tokens.filter((t) => CLEAN_AMOUNT.test(t.text));
  const inColumn = (token: Token) =>
    amounts.some(
      (other) =>
        other !== token &&
        other.page === token.page &&
        other.line !== token.line &&
        Math.abs(other.x1 - token.x1) <= COLUMN_SLACK,
    );
  let changed = false;
  const tokens = doc.tokens.map((token) => {
    const fixed = asAmount(token.text);
    if (fixed === null || !inColumn(token)) return token;
    changed = true;
    return { ...token, text: fixed };
  });
  if (!changed) return doc;
  const lines = doc.lines.map((line) => {
    let text = line.text;
    for (const i of line.tokens) {
      const before = (doc.tokens[i] as Token).text;
      const after = (tokens[i] as Token).text;
      if (before !== after) text = text.replace(before, after);
    }
    return { ...line, text };
  });
  return { ...doc, tokens, lines };
}

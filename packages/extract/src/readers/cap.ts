import { LIMITS } from '../limits';
import type { Doc } from './doc';

/**
 * A document within the caps of `capLineList`: at most LIMITS.lines lines, each line's tokens up to
 * LIMITS.lineChars characters of its text, and LIMITS.textChars characters in all. `cut` says a cap
 * dropped something. Tokens keep their places; the lines and tokens past a cap are left out.
 */
export function capDoc(doc: Doc): { doc: Doc; cut: boolean } {
  let cut = false;
  let total = 0;
  const keep = new Set<number>();
  const lines: Doc['lines'] = [];
  for (const line of doc.lines) {
    if (
      lines.length >= LIMITS.lines ||
      total + Math.min(line.text.length, LIMITS.lineChars) > LIMITS.textChars
    ) {
      cut = true;
      break;
    }
    let text = line.text;
    let tokens = line.tokens;
    if (text.length > LIMITS.lineChars) {
      cut = true;
      text = text.slice(0, LIMITS.lineChars);
      // The tokens whose text starts inside the kept characters stay.
      let at = 0;
      tokens = line.tokens.filter((i) => {
        const found = line.text.indexOf(doc.tokens[i]?.text ?? '', at);
        if (found === -1 || found >= LIMITS.lineChars) return false;
        at = found + 1;
        return true;
      });
    }
    total += text.length + 1;
    for (const i of tokens) keep.add(i);
    lines.push({ ...line, text, tokens });
  }
  if (!cut) return { doc, cut };
  // Token indices are renumbered so the kept lines still point at their tokens.
  const renumber = new Map<number, number>();
  const tokens = doc.tokens.filter((_, i) => keep.has(i));
  doc.tokens.forEach((_, i) => {
    if (keep.has(i)) renumber.set(i, renumber.size);
  });
  return {
    doc: {
      ...doc,
      tokens,
      lines: lines.map((l) => ({ ...l, tokens: l.tokens.map((i) => renumber.get(i) as number) })),
    },
    cut,
  };
}

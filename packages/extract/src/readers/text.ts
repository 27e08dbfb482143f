import { capLines } from '../limits';
import { type Doc, docFromTokens, type Token } from './doc';

/** A tab moves to the next multiple of this column, and always at least two columns (a column break). */
const TAB = 8;

/** The words of one source line with their start and end character columns (tabs expanded). */
function wordsOf(line: string): { text: string; start: number; end: number }[] {
  const words: { text: string; start: number; end: number }[] = [];
  let column = 0;
  // Split once into runs of word and space characters (native, linear), not a test per character.
  for (const part of line.split(/(\s+)/)) {
    if (!part) continue;
    if (/\s/.test(part.charAt(0))) {
      for (const char of part) {
        column = char === '\t' ? Math.max(column + 2, (Math.floor(column / TAB) + 1) * TAB) : column + 1;
      }
      continue;
    }
    words.push({ text: part, start: column, end: column + part.length });
    column += part.length;
  }
  return words;
}

/**
 * Reads plain text (a till receipt's text, an OCR transcript, a plain e-mail body) into the document
 * model, within the caps of `capLines`: one token per word, x its character column over the widest line
 * (leading spaces kept, so an indented or centred shop name keeps its place), y its line number over the
 * line count; blocks are runs of non-blank lines. A line's text has its words one space apart, or two
 * where the source had two or more spaces (or a tab) between them. `cut` says a cap dropped some text.
 * @example lineTexts(readText('   CORNER CAFE\nLatte    3.50').doc) //=> ['CORNER CAFE', 'Latte  3.50']
 */
export function readText(text: string): { doc: Doc; cut: boolean } {
  const capped = capLines(text);
  const rows = capped.lines.map(wordsOf);
  const width = rows.reduce((widest, words) => Math.max(widest, words.at(-1)?.end ?? 0), 1);
  const count = Math.max(1, rows.length);
  const tokens: Token[] = [];
  let block = -1;
  let wasBlank = true;
  rows.forEach((words, line) => {
    if (words.length === 0) {
      wasBlank = true;
      return;
    }
    if (wasBlank) block += 1;
    wasBlank = false;
    for (const word of words) {
      tokens.push({
        text: word.text,
        x0: word.start / width,
        y0: line / count,
        x1: word.end / width,
        y1: (line + 1) / count,
        line,
        block,
        page: 0,
      });
    }
  });
  // Columns are counted in characters: two or more blank columns between words is a column break.
  const separator = (left: Token, right: Token) =>
    Math.round((right.x0 - left.x1) * width) >= 2 ? '  ' : ' ';
  return { doc: docFromTokens('text', tokens, 1, { separator }), cut: capped.cut };
}

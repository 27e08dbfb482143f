/**
 * The document model every field finder reads: tokens with their text and geometry, grouped into lines
 * and blocks. Each reader (plain text, HTML and e-mail, PDF, photo) produces one; nothing after the
 * readers sees raw bytes or raw lines.
 */

/** What a document was read from. `photo` is OCR of an image (or of a PDF page without text). */
export type DocKind = 'text' | 'html' | 'pdf' | 'photo';

/**
 * One word (or, for OCR boxes that hold a phrase, one box) with its place on the page. Coordinates are
 * page units: 0..1 across the page's width and height, origin top left. For plain text x is the character
 * column over the widest line and y the line number over the line count.
 */
export interface Token {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Index into `Doc.lines`. */
  line: number;
  /** Paragraph, table or text region: lines of one block belong together. */
  block: number;
  /** 0-based. */
  page: number;
  /** Font size relative to the document's median (1 = body text), where known. */
  fontSize?: number;
  bold?: boolean;
  /** In a heading element (HTML h1-h6) or the document's largest font. */
  heading?: boolean;
  /** OCR confidence 0..1, where read by OCR. */
  conf?: number;
  /** HTML tables: the row's index within its table and the cell's within its row. */
  row?: number;
  cell?: number;
}

/** One printed line: its tokens left to right and its text. */
export interface DocLine {
  index: number;
  /** The tokens' text joined in reading order: one space between words, two where a wide gap separates
   * columns (so a label and its right-aligned amount stay on one line but stay apart). */
  text: string;
  /** Indices into `Doc.tokens`, left to right. */
  tokens: number[];
  block: number;
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Doc {
  kind: DocKind;
  tokens: Token[];
  lines: DocLine[];
  pages: number;
}

/** Whether the document's words come from OCR (they carry the engine's confidences). */
export const readByOcr = (doc: Doc): boolean => doc.tokens.some((t) => t.conf !== undefined);

/** A gap wider than this share of the page width between two tokens of a line reads as a column break. */
const COLUMN_GAP = 0.04;

/**
 * What goes between two neighbouring tokens of a line's text: '' (pieces of one word), ' ' or '  ' (a
 * column break). Each reader knows its own units: a character column for text, a glyph width for PDF.
 */
export type Separator = (left: Token, right: Token) => string;

/** The default rule: two spaces past COLUMN_GAP of the page width, one otherwise. */
export const pageGap: Separator = (left, right) => (right.x0 - left.x1 > COLUMN_GAP ? '  ' : ' ');

/**
 * Builds the lines of a document from tokens that already carry their `line` index (readers decide what
 * a line is: a text line, a PDF baseline, an HTML block, an OCR row). Lines come out in index order with
 * their tokens sorted left to right; empty line indices are dropped and the rest renumbered. `separator`
 * decides the spacing of each line's text (default: `pageGap`).
 */
export function docFromTokens(
  kind: DocKind,
  tokens: Token[],
  pages = 1,
  options: { separator?: Separator } = {},
): Doc {
  const separator = options.separator ?? pageGap;
  const byLine = new Map<number, number[]>();
  tokens.forEach((token, i) => {
    const list = byLine.get(token.line);
    if (list) list.push(i);
    else byLine.set(token.line, [i]);
  });
  const lines: DocLine[] = [];
  for (const key of [...byLine.keys()].sort((a, b) => a - b)) {
    const members = (byLine.get(key) as number[]).sort(
      (a, b) => (tokens[a] as Token).x0 - (tokens[b] as Token).x0 || a - b,
    );
    const index = lines.length;
    let text = '';
    let previous: Token | null = null;
    let box = { x0: 1, y0: 1, x1: 0, y1: 0 };
    for (const i of members) {
      const token = tokens[i] as Token;
      token.line = index;
      if (previous) text += separator(previous, token);
      text += token.text;
      previous = token;
      box = {
        x0: Math.min(box.x0, token.x0),
        y0: Math.min(box.y0, token.y0),
        x1: Math.max(box.x1, token.x1),
        y1: Math.max(box.y1, token.y1),
      };
    }
    const first = tokens[members[0] as number] as Token;
    lines.push({ index, text, tokens: members, block: first.block, page: first.page, ...box });
  }
  return { kind, tokens, lines, pages };
}

/** The document's lines as text, for code not yet reading tokens. */
export const lineTexts = (doc: Doc): string[] => doc.lines.map((line) => line.text);

/**
 * One document of several read a page at a time (each with its page's own units): the pages in order,
 * lines, blocks and token indices renumbered, each token's page its document's index.
 */
export function joinPages(docs: Doc[]): Doc {
  const kind = docs[0]?.kind ?? 'pdf';
  const tokens: Token[] = [];
  const lines: DocLine[] = [];
  let blocks = 0;
  docs.forEach((doc, page) => {
    const tokenOffset = tokens.length;
    const lineOffset = lines.length;
    const blockOffset = blocks;
    for (const token of doc.tokens) {
      tokens.push({ ...token, line: token.line + lineOffset, block: token.block + blockOffset, page });
      blocks = Math.max(blocks, token.block + blockOffset + 1);
    }
    for (const line of doc.lines) {
      lines.push({
        ...line,
        index: line.index + lineOffset,
        tokens: line.tokens.map((i) => i + tokenOffset),
        block: line.block + blockOffset,
        page,
      });
    }
  });
  return { kind, tokens, lines, pages: Math.max(1, docs.length) };
}

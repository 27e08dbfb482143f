import { type HTMLElement, type Node, NodeType } from 'node-html-parser';
import { type Doc, docFromTokens, type Token } from './doc';
import { parseHtmlText } from './html-parse';

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
  'caption',
  'center',
]);
const CELL = new Set(['td', 'th']);
const SKIP = new Set([
  'script',
  'style',
  'head',
  'title',
  'noscript',
  'template',
  'svg',
  'img',
  'iframe',
  'object',
]);
const HEADING = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BOLD = new Set(['b', 'strong', 'th']);
/** Bidirectional marks are invisible and split tokens: dropped. Zero-width spaces read as spaces. */
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const SPACE = /[\s\u200b-\u200d]/;
const SPACES = /([\s\u200b-\u200d]+)/;

/** What a word inherits from the elements around it. */
interface Style {
  bold: boolean;
  heading: boolean;
  row?: number;
  cell?: number;
}

/** One table's place while it is read: the row and cell being read and the block it makes. */
interface Table {
  row: number;
  cell: number;
  block: number;
}

/** Cells of at most this many lines each are read across their row, line by line. */
const GRID_LINES = 4;

interface Line {
  words: Word[];
  block: number;
}

interface Word {
  text: string;
  start: number;
  end: number;
  style: Style;
}

/**
 * Collects one line at a time: words with their character offsets, a collapsed space between words, two
 * between table cells, and spaces as written inside <pre>.
 */
class LineBuilder {
  words: Word[] = [];
  column = 0;
  /** Spaces owed before the next word: 1 for a space in flowing text, 2 after a table cell. */
  pending = 0;
  word: Word | null = null;

  add(text: string, style: Style, isPre: boolean) {
    // Split once into runs of word and space characters (native, linear), not a test per character.
    for (const part of text.replace(BIDI, '').split(SPACES)) {
      if (!part) continue;
      if (SPACE.test(part.charAt(0))) {
        this.close();
        this.pending = isPre ? this.pending + part.length : Math.max(this.pending, 1);
        continue;
      }
      if (!this.word) {
        // Leading space is kept inside <pre> only (its columns are its layout).
        if (this.words.length > 0 || isPre) this.column += this.pending;
        this.pending = 0;
        this.word = { text: '', start: this.column, end: this.column, style };
      }
      this.word.text += part;
      this.column += part.length;
      this.word.end = this.column;
    }
  }

  /** Ends the word being read, so the next text starts a new one. */
  close() {
    if (this.word) this.words.push(this.word);
    this.word = null;
  }

  endsWithDigit(): boolean {
    return this.word !== null && /\d$/.test(this.word.text);
  }

  take(): Word[] {
    this.close();
    const words = this.words;
    this.words = [];
    this.column = 0;
    this.pending = 0;
    return words;
  }
}

const isBoldStyle = (style: string) => /font-weight\s*:\s*(?:bold|bolder|[6-9]00)\b/i.test(style);

/**
 * The visible text of an HTML document (an e-mail body, a saved order page) as the document model, in
 * DOM order: scripts, styles, hidden elements and images left out; each block element its own line; each
 * table row one line with its cells two spaces apart and its tokens' `row` and `cell` indices; <pre> text
 * in its own lines with its spaces kept; h1-h6 words `heading`, b/strong/th and font-weight bold words
 * `bold`. x is a word's character offset over the widest line, y its line over the line count; a table or
 * a <pre> is one block. Nothing is fetched or run. LimitError past the size and depth caps.
 * @example lineTexts(readHtml('<table><tr><td>Total</td><td>$5.00</td></tr></table>')) //=> ['Total  $5.00']
 */
export function readHtml(html: string): Doc {
  return readHtmlTree(parseHtmlText(html));
}

/** readHtml over a tree already parsed as parseHtmlText parses it (see parseHtmlTrees). */
export function readHtmlTree(root: HTMLElement): Doc {
  const lines: Line[] = [];
  // Where finished lines go: the document, or the table cell being read (its row lays the cells out).
  const sinks: Line[][] = [lines];
  const rows: { table: Table; cells: Line[][] }[] = [];
  const builder = new LineBuilder();
  const tables: Table[] = [];
  let bold = 0;
  let heading = 0;
  let pre = 0;
  let preBlock = -1;
  let blocks = 0;
  let lastBlock = -1;
  let joinNext = false;
  const flush = (byBreak = false) => {
    const words = builder.take();
    if (words.length > 0) {
      // A table or a <pre> is one block; lines split by <br> stay in theirs; any other line starts one.
      const outer = tables[0];
      const block = outer ? outer.block : pre > 0 ? preBlock : joinNext ? lastBlock : blocks++;
      (sinks.at(-1) as Line[]).push({ words, block });
      lastBlock = block;
    }
    joinNext = byBreak && (words.length > 0 || joinNext);
  };
  const styleNow = (): Style => {
    const table = tables.at(-1);
    const inCell = table && table.cell >= 0;
    return {
      bold: bold > 0,
      heading: heading > 0,
      ...(inCell ? { row: table.row, cell: table.cell } : {}),
    };
  };
  // Depth-first with an explicit stack (an element's closing step after its children): deeply nested
  // markup cannot overflow the call stack.
  const stack: [Node, closing: boolean][] = [[root, false]];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const [node, closing] = step;
    if (node.nodeType === NodeType.TEXT_NODE) {
      if (pre > 0) {
        // Inside <pre> a line break is a line break.
        const parts = node.text.split('\n');
        parts.forEach((part, i) => {
          if (i > 0) flush();
          builder.add(part.replace(/\r$/, ''), styleNow(), true);
        });
      } else builder.add(node.text, styleNow(), false);
      continue;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) continue;
    const element = node as HTMLElement;
    const tag = element.rawTagName?.toLowerCase() ?? '';
    const isBlock = BLOCK.has(tag);
    const isBold = BOLD.has(tag) || isBoldStyle(element.getAttribute?.('style') ?? '');
    if (closing) {
      if (isBlock || CELL.has(tag)) flush(tag === 'br');
      if (CELL.has(tag)) {
        const cell = sinks.pop() as Line[];
        const open = rows.at(-1);
        if (open && open.table === tables.at(-1)) open.cells.push(cell);
        else (sinks.at(-1) as Line[]).push(...cell);
      }
      const row = rows.at(-1);
      if (tag === 'tr' && row && row.table === tables.at(-1)) {
        rows.pop();
        (sinks.at(-1) as Line[]).push(...rowLines(row.cells));
      }
      if (isBold) bold -= 1;
      if (HEADING.has(tag)) heading -= 1;
      if (tag === 'pre') pre -= 1;
      if (tag === 'table') tables.pop();
      continue;
    }
    if (SKIP.has(tag)) continue;
    const style = element.getAttribute?.('style') ?? '';
    if (/display\s*:\s*none/i.test(style)) continue;
    if (isBlock || CELL.has(tag)) flush(tag === 'br');
    // Cents set as a superscript after the units ("$24<sup>29</sup>") are the decimals of one amount.
    if (
      tag === 'sup' &&
      builder.endsWithDigit() &&
      builder.pending === 0 &&
      /^\s*\d{2}\s*$/.test(element.text)
    )
      builder.add('.', styleNow(), false);
    if (isBold) bold += 1;
    if (HEADING.has(tag)) heading += 1;
    if (tag === 'pre' && pre++ === 0) preBlock = blocks++;
    if (tag === 'table') tables.push({ row: -1, cell: -1, block: tables[0]?.block ?? blocks++ });
    const table = tables.at(-1);
    if (table && tag === 'tr') {
      table.row += 1;
      table.cell = -1;
      rows.push({ table, cells: [] });
    }
    if (CELL.has(tag)) {
      if (table) table.cell += 1;
      sinks.push([]);
    }
    stack.push([node, true]);
    for (let i = node.childNodes.length - 1; i >= 0; i -= 1) stack.push([node.childNodes[i] as Node, false]);
  }
  flush();
  return toDoc(lines);
}

/**
 * A table row's lines from its cells' lines. Cells of a few lines each read across, as the row shows
 * them: the k-th line of every cell on one line, each cell at its own column ("ORDER ID  DATE" above
 * "A-1001  5 March"). Taller cells are columns of a layout and read down, one cell after the other.
 */
function rowLines(cells: Line[][]): Line[] {
  const filled = cells.filter((cell) => cell.length > 0);
  const tallest = filled.reduce((most, cell) => Math.max(most, cell.length), 0);
  if (filled.length < 2 || tallest > GRID_LINES) return filled.flat();
  const out: Line[] = [];
  for (let k = 0; k < tallest; k += 1) {
    const words: Word[] = [];
    let offset = 0;
    for (const cell of filled) {
      for (const word of cell[k]?.words ?? [])
        words.push({ ...word, start: word.start + offset, end: word.end + offset });
      offset += cell.reduce((widest, line) => Math.max(widest, line.words.at(-1)?.end ?? 0), 0) + 2;
    }
    const block = filled.find((cell) => cell[k])?.[k]?.block ?? 0;
    if (words.length > 0) out.push({ words, block });
  }
  return out;
}

/** The lines' words as tokens: x in characters over the widest line, y the line over the line count. */
function toDoc(lines: Line[]): Doc {
  const width = lines.reduce((widest, line) => Math.max(widest, line.words.at(-1)?.end ?? 0), 1);
  const count = Math.max(1, lines.length);
  const tokens: Token[] = [];
  lines.forEach(({ words, block }, line) => {
    for (const { text, start, end, style } of words) {
      tokens.push({
        text,
        x0: start / width,
        y0: line / count,
        x1: end / width,
        y1: (line + 1) / count,
        line,
        block,
        page: 0,
        ...(style.bold ? { bold: true } : {}),
        ...(style.heading ? { heading: true } : {}),
        ...(style.row === undefined ? {} : { row: style.row, cell: style.cell }),
      });
    }
  });
  const separator = (left: Token, right: Token) =>
    Math.round((right.x0 - left.x1) * width) >= 2 ? '  ' : ' ';
  return docFromTokens('html', tokens, 1, { separator });
}

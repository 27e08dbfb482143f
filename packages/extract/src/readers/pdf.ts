import { type Doc, docFromTokens, type Token } from './doc';

/** A pdf.js text item: its string, its text matrix (x at [4], baseline y at [5]), width and height. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  /** pdf.js's id of the item's font (a key of `PdfPage.fonts`), or a font's own name. */
  fontName?: string;
}

/** One page's text items with its view box [x0, y0, x1, y1] in PDF points (origin bottom left). */
export interface PdfPage {
  items: PdfTextItem[];
  view: [number, number, number, number];
  /** Font names by pdf.js font id ("g_d0_f1" to "ABCDEF+Helvetica-Bold"), where known. */
  fonts?: Record<string, string>;
}

/** A font whose name says so is bold; the document's largest font is a heading only past this ratio. */
const BOLD_FONT = /bold|black|heavy|semibold|demi/i;
const HEADING_RATIO = 1.15;
/** Baselines further apart than this many line heights start a new block (a blank line or more). */
const BLOCK_GAP = 1.8;

interface Placed {
  item: PdfTextItem;
  x: number;
  y: number;
  height: number;
}

/** Items on one baseline form a row: sorted top to bottom and swept once, so n items cost n log n. */
function rowsOf(items: PdfTextItem[]): { y: number; height: number; items: Placed[] }[] {
  const placed = items
    .filter((item) => item.str.trim())
    .map((item, order) => ({
      order,
      item,
      x: item.transform[4] as number,
      y: item.transform[5] as number,
      height: Math.abs(item.height || (item.transform[3] as number) || 10),
    }))
    .sort((a, b) => b.y - a.y || a.order - b.order);
  const rows: { y: number; height: number; items: Placed[] }[] = [];
  let row: (typeof rows)[number] | undefined;
  for (const p of placed) {
    if (row && Math.abs(row.y - p.y) <= Math.max(2, Math.min(row.height, p.height) * 0.45)) row.items.push(p);
    else {
      row = { y: p.y, height: p.height, items: [p] };
      rows.push(row);
    }
  }
  for (const r of rows) r.items.sort((a, b) => a.x - b.x);
  return rows;
}

/**
 * A row's text as it always read (items glued, one space or two by the gap to the previous item's end,
 * in glyph widths) and, for each character, the item it came from and its share of that item's width.
 */
function rowText(items: Placed[]): { text: string; from: { item: Placed; at: number }[] } {
  let text = '';
  const from: { item: Placed; at: number }[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const p of items) {
    const charWidth = p.item.str.length > 0 ? p.item.width / p.item.str.length : 5;
    const gap = p.x - end;
    if (text) {
      const space = gap > Math.max(charWidth * 2.5, 8) ? '  ' : gap > charWidth * 0.25 ? ' ' : '';
      for (const char of space) {
        text += char;
        from.push({ item: p, at: 0 });
      }
    }
    for (let i = 0; i < p.item.str.length; i += 1) {
      text += p.item.str.charAt(i);
      from.push({ item: p, at: i / p.item.str.length });
    }
    end = p.x + p.item.width;
  }
  return { text, from };
}

const median = (values: number[]): number => {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};

/**
 * The document model of a PDF's text layer from pdf.js text items, page by page: rows by baseline (as
 * the text always read: items glued, one space or two by the gap), one token per word in page units
 * (0..1 of the page's view box, origin top left), fontSize relative to the document's median item height,
 * bold when the font's name says so, heading for the document's largest font; a new block where the
 * baselines are more than 1.8 line heights apart.
 * @example lineTexts(readPdf([{ items: [{ str: 'Total', transform: [10, 0, 0, 10, 50, 600], width: 25, height: 10 }], view: [0, 0, 595, 842] }])) //=> ['Total']
 */
export function readPdf(pages: PdfPage[]): Doc {
  const tokens: Token[] = [];
  const before = new Map<Token, string>();
  const heights: number[] = [];
  let line = 0;
  let block = -1;
  pages.forEach((page, pageIndex) => {
    const [vx0, vy0, vx1, vy1] = page.view;
    const width = Math.max(1, vx1 - vx0);
    const height = Math.max(1, vy1 - vy0);
    const unit = (v: number, of: number) => Math.min(1, Math.max(0, v / of));
    let above: { y: number; height: number } | null = null;
    for (const row of rowsOf(page.items)) {
      if (!above || above.y - row.y > BLOCK_GAP * Math.max(above.height, row.height)) block += 1;
      above = row;
      const { text, from } = rowText(row.items);
      let space = '';
      let lastX0 = 0;
      for (let i = 0; i < text.length; ) {
        if (/\s/.test(text.charAt(i))) {
          space += ' ';
          i += 1;
          continue;
        }
        let j = i;
        while (j < text.length && !/\s/.test(text.charAt(j))) j += 1;
        const first = from[i] as { item: Placed; at: number };
        const last = from[j - 1] as { item: Placed; at: number };
        const lastShare = last.at + 1 / Math.max(1, last.item.item.str.length);
        const x0 = Math.max(lastX0, unit(first.item.x + first.at * first.item.item.width - vx0, width));
        lastX0 = x0;
        const fontName = first.item.item.fontName ?? '';
        const token: Token = {
          text: text.slice(i, j),
          x0,
          y0: unit(vy1 - row.y - first.item.height, height),
          x1: Math.max(x0, unit(last.item.x + lastShare * last.item.item.width - vx0, width)),
          y1: unit(vy1 - row.y, height),
          line,
          block,
          page: pageIndex,
          fontSize: first.item.height,
          ...(BOLD_FONT.test(page.fonts?.[fontName] ?? fontName) ? { bold: true } : {}),
        };
        heights.push(first.item.height);
        if (space) before.set(token, space.length > 1 ? '  ' : ' ');
        space = '';
        tokens.push(token);
        i = j;
      }
      line += 1;
    }
  });
  // Sizes relative to the body text; the largest, when it stands out, marks headings.
  const body = median(heights);
  let largest = 0;
  for (const token of tokens) {
    token.fontSize = Math.round(((token.fontSize ?? body) / body) * 100) / 100;
    largest = Math.max(largest, token.fontSize);
  }
  if (largest >= HEADING_RATIO)
    for (const token of tokens) if (token.fontSize === largest) token.heading = true;
  return docFromTokens('pdf', tokens, Math.max(1, pages.length), {
    separator: (_left, right) => before.get(right) ?? '',
  });
}

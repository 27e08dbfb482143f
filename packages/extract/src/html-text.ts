import { type HTMLElement, type Node, NodeType, parse } from 'node-html-parser';

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

/**
 * The visible text of an HTML document as lines, with each table row on one line (cells two spaces
 * apart) so a label and its amount stay together. Nothing is fetched or run: images, scripts and links
 * are text at most.
 * @example htmlToLines('<table><tr><td>Total</td><td>$5.00</td></tr></table>') //=> ['Total  $5.00']
 */
export function htmlToLines(html: string): string[] {
  const root = parse(html, {
    comment: false,
    blockTextElements: { script: false, style: false, noscript: false, pre: true },
  });
  const out: string[] = [];
  let current = '';
  const flush = () => {
    // Line breaks in HTML source are spaces; only elements break lines.
    // Bidirectional marks and zero-width characters are invisible and split tokens: drop them.
    const line = current
      .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/(?:\s|\u00a0|\u200b|\u200c|\u200d|\ufeff)+/g, ' ')
      .trim();
    if (line) out.push(line);
    current = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      current += node.text;
      return;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) return;
    const tag = (node as HTMLElement).rawTagName?.toLowerCase() ?? '';
    if (SKIP.has(tag)) return;
    const style = (node as HTMLElement).getAttribute?.('style') ?? '';
    if (/display\s*:\s*none/i.test(style)) return;
    const isBlock = BLOCK.has(tag);
    if (isBlock && tag !== 'td') flush();
    for (const child of node.childNodes) walk(child);
    if (CELL.has(tag)) current += '  ';
    if (isBlock) flush();
  };
  walk(root);
  flush();
  return out;
}

/** Parses HTML once for callers that also read its structured data. */
export function parseHtml(html: string): HTMLElement {
  return parse(html, {
    comment: false,
    blockTextElements: { script: true, style: false, noscript: false, pre: true },
  });
}

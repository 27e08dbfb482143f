import { type HTMLElement, type Node, NodeType, parse } from 'node-html-parser';
import { LIMITS, LimitError } from './limits';

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
 * The visible text of an HTML document as lines, with each table row on one line (cells a space apart)
 * so a label and its amount stay together. Nothing is fetched or run: images, scripts and links
 * are text at most.
 * @example htmlToLines('<table><tr><td>Total</td><td>$5.00</td></tr></table>') //=> ['Total $5.00']
 */
export function htmlToLines(html: string): string[] {
  checkHtmlSize(html);
  const root = parse(html, {
    comment: false,
    blockTextElements: { script: false, style: false, noscript: false, pre: true },
  });
  checkHtmlDepth(root);
  const out: string[] = [];
  let current = '';
  const flush = () => {
    // Line breaks in HTML source are spaces; only elements break lines.
    // Bidirectional marks and zero-width characters are invisible and split tokens: drop them.
    const line = current
      .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/[\s\u200b-\u200d]+/g, ' ')
      .trim();
    if (line) out.push(line);
    current = '';
  };
  // Depth-first with an explicit stack (an element's closing step after its children): deeply nested
  // markup cannot overflow the call stack.
  const stack: [Node, closing: boolean][] = [[root, false]];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const [node, closing] = step;
    if (node.nodeType === NodeType.TEXT_NODE) {
      current += node.text;
      continue;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) continue;
    const tag = (node as HTMLElement).rawTagName?.toLowerCase() ?? '';
    const isBlock = BLOCK.has(tag);
    if (closing) {
      if (CELL.has(tag)) current += '  ';
      if (isBlock) flush();
      continue;
    }
    if (SKIP.has(tag)) continue;
    const style = (node as HTMLElement).getAttribute?.('style') ?? '';
    if (/display\s*:\s*none/i.test(style)) continue;
    if (isBlock && tag !== 'td') flush();
    // Cents set as a superscript after the units ("$24<sup>29</sup>") are the decimals of one amount.
    if (tag === 'sup' && /\d$/.test(current) && /^\s*\d{2}\s*$/.test((node as HTMLElement).text))
      current += '.';
    stack.push([node, true]);
    for (let i = node.childNodes.length - 1; i >= 0; i -= 1) stack.push([node.childNodes[i] as Node, false]);
  }
  flush();
  return out;
}

/**
 * Refuses HTML over LIMITS.htmlChars characters or LIMITS.htmlElements tags (counted in one pass, before
 * anything is parsed): a message of 100,000 table cells or a megabyte of nested elements is not read.
 */
export function checkHtmlSize(html: string): void {
  if (html.length > LIMITS.htmlChars) {
    throw new LimitError(
      'htmlChars',
      `The HTML is longer than ${LIMITS.htmlChars.toLocaleString('en')} characters; it was not read`,
    );
  }
  let elements = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const next = html.charCodeAt(at + 1) | 0x20;
    if (next >= 0x61 && next <= 0x7a && ++elements > LIMITS.htmlElements) {
      throw new LimitError(
        'htmlElements',
        `The HTML has more than ${LIMITS.htmlElements.toLocaleString('en')} elements; it was not read`,
      );
    }
  }
}

/** Refuses a parsed document nested deeper than LIMITS.htmlDepth (measured without recursion). */
function checkHtmlDepth(root: HTMLElement): void {
  const stack: [Node, number][] = [[root, 0]];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const [node, depth] = step;
    if (depth > LIMITS.htmlDepth) {
      throw new LimitError(
        'htmlDepth',
        `The HTML nests elements more than ${LIMITS.htmlDepth} levels deep; it was not read`,
      );
    }
    for (const child of node.childNodes)
      if (child.nodeType === NodeType.ELEMENT_NODE) stack.push([child, depth + 1]);
  }
}

/** Parses HTML once for callers that also read its structured data. */
export function parseHtml(html: string): HTMLElement {
  checkHtmlSize(html);
  const root = parse(html, {
    comment: false,
    blockTextElements: { script: true, style: false, noscript: false, pre: true },
  });
  checkHtmlDepth(root);
  return root;
}

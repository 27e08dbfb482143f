import { type HTMLElement, type Node, NodeType, parse } from 'node-html-parser';
import { LIMITS, LimitError } from '../limits';

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

/** Parses HTML for its visible text: scripts and styles are not parsed, <pre> is (its tags count). */
export function parseHtmlText(html: string): HTMLElement {
  checkHtmlSize(html);
  const root = parse(html, {
    comment: false,
    blockTextElements: { script: false, style: false, noscript: false },
  });
  checkHtmlDepth(root);
  return root;
}

/** Parses HTML once for callers that also read its structured data (schema.org, links, the title). */
export function parseHtml(html: string): HTMLElement {
  checkHtmlSize(html);
  const root = parse(html, {
    comment: false,
    blockTextElements: { script: true, style: false, noscript: false, pre: true },
  });
  checkHtmlDepth(root);
  return root;
}

/** The tags the two parses above treat differently (script text kept, <pre> content left unparsed). */
const PARSED_APART = /<(?:pre|script)/i;

/**
 * An HTML body parsed as both parseHtml (`page`) and parseHtmlText (`text`) read it. Markup without <pre>
 * or <script> parses the same either way, so one parse (the slowest step of reading a body) serves both.
 */
export function parseHtmlTrees(html: string): { page: HTMLElement; text: HTMLElement } {
  const page = parseHtml(html);
  return { page, text: PARSED_APART.test(html) ? parseHtmlText(html) : page };
}

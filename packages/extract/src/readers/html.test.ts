import { describe, expect, it } from 'vitest';
import { lineTexts, type Token } from './doc';
import { readHtml } from './html';

const token = (tokens: Token[], text: string) => tokens.find((t) => t.text === text) as Token;

describe('readHtml', () => {
  it('keeps each table row on one line, cells two spaces apart, and never includes scripts', () => {
    const doc = readHtml('<script>x()</script><table><tr><td>Total</td><td>$5.00</td></tr></table>');
    expect(lineTexts(doc)).toEqual(['Total  $5.00']);
  });

  it('gives table tokens their row and cell, nested tables their own', () => {
    const doc = readHtml(
      '<p>Order</p><table><tr><th>Item</th><th>Price</th></tr><tr><td>Desk lamp</td><td>45.00</td></tr>' +
        '<tr><td><table><tr><td>Gift</td></tr></table></td><td>0.00</td></tr></table>',
    );
    expect(lineTexts(doc)).toEqual(['Order', 'Item  Price', 'Desk lamp  45.00', 'Gift  0.00']);
    expect(token(doc.tokens, 'Order').row).toBeUndefined();
    expect(token(doc.tokens, 'Item')).toMatchObject({ row: 0, cell: 0, bold: true });
    expect(token(doc.tokens, 'lamp')).toMatchObject({ row: 1, cell: 0 });
    expect(token(doc.tokens, '45.00')).toMatchObject({ row: 1, cell: 1 });
    expect(token(doc.tokens, 'Gift')).toMatchObject({ row: 0, cell: 0 });
    expect(token(doc.tokens, '0.00')).toMatchObject({ row: 2, cell: 1 });
    // The whole table is one block, after the paragraph's.
    expect(doc.lines.map((l) => l.block)).toEqual([0, 1, 1, 1]);
  });

  it('reads a row of short stacked cells across, each cell in its own column', () => {
    const doc = readHtml(
      '<table><tr><td>ORDER ID<br>MKB829F3Z6</td><td>DOCUMENT NO.<br>208912808350</td></tr></table>',
    );
    expect(lineTexts(doc)).toEqual(['ORDER ID  DOCUMENT NO.', 'MKB829F3Z6  208912808350']);
    expect(token(doc.tokens, 'DOCUMENT').x0).toBe(token(doc.tokens, '208912808350').x0);
    expect(token(doc.tokens, '208912808350')).toMatchObject({ row: 0, cell: 1 });
  });

  it('reads the tall cells of a layout row down, one after the other', () => {
    const column = (name: string) => [1, 2, 3, 4, 5].map((n) => `<p>${name} ${n}</p>`).join('');
    const doc = readHtml(`<table><tr><td>${column('left')}</td><td>${column('right')}</td></tr></table>`);
    expect(lineTexts(doc).slice(4, 6)).toEqual(['left 5', 'right 1']);
  });

  it('keeps the lines and leading spaces of <pre>', () => {
    const doc = readHtml('<p>Receipt</p><pre>   CORNER CAFE\nLatte      3.50\n\nTOTAL      3.50\n</pre>');
    expect(lineTexts(doc)).toEqual(['Receipt', 'CORNER CAFE', 'Latte  3.50', 'TOTAL  3.50']);
    expect(token(doc.tokens, 'CORNER').x0).toBeCloseTo(3 / 15);
    expect(token(doc.tokens, 'Latte').x0).toBe(0);
    expect(doc.lines.map((l) => l.block)).toEqual([0, 1, 1, 1]);
  });

  it('marks headings and bold text', () => {
    const doc = readHtml(
      '<h1>Acme Shop</h1><p>Plain <b>bold</b> <span style="font-weight: 700">heavy</span> <strong>strong</strong></p>',
    );
    expect(token(doc.tokens, 'Acme')).toMatchObject({ heading: true });
    expect(token(doc.tokens, 'Plain').bold).toBeUndefined();
    expect(token(doc.tokens, 'Plain').heading).toBeUndefined();
    for (const word of ['bold', 'heavy', 'strong']) expect(token(doc.tokens, word).bold).toBe(true);
  });

  it('places words by character offset over the widest line and line over the line count', () => {
    const doc = readHtml('<p>ab cd</p><p>abcdefghij</p>');
    expect(token(doc.tokens, 'cd')).toMatchObject({ x0: 0.3, x1: 0.5, y0: 0, y1: 0.5 });
  });

  it('keeps the old quirks: hidden text, superscript cents, bidi marks, breaks', () => {
    const doc = readHtml(
      '<div style="display:none">Total 99.00</div><p>Price $24<sup>29</sup></p><p>\u200eTo\u200ftal\u200b9.00</p>' +
        '<p>Line one<br>Line two</p>',
    );
    expect(lineTexts(doc)).toEqual(['Price $24.29', 'Total 9.00', 'Line one', 'Line two']);
    expect(doc.lines.map((l) => l.block)).toEqual([0, 1, 2, 2]);
  });
});

describe('readHtml on stray table parts', () => {
  it('reads rows and cells outside any table as text', () => {
    expect(lineTexts(readHtml('<tr><td>Total</td><td>5.00</td></tr><td>Tip</td>'))).toEqual([
      'Total',
      '5.00',
      'Tip',
    ]);
  });
});

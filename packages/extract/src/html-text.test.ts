import { describe, expect, it } from 'vitest';
import { htmlToLines } from './html-text';

describe('HTML', () => {
  it('keeps each table row on one line and never includes scripts', () => {
    expect(htmlToLines('<script>x()</script><table><tr><td>Total</td><td>$5.00</td></tr></table>')).toEqual([
      'Total $5.00',
    ]);
  });
});

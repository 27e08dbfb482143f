import { describe, expect, it } from 'vitest';
import { classifyEmail } from './classify';

describe('the e-mail classifier', () => {
  const base = {
    hasStructuredOrder: false,
    hasStructuredShipping: false,
    hasOrderNumber: true,
    hasProducts: true,
    fromAddress: 'orders@shop.example',
  };
  it('takes an order confirmation for an order and says why', () => {
    const c = classifyEmail({
      ...base,
      subject: 'Your order is confirmed',
      body: 'Thank you for your order',
      hasTotal: true,
    });
    expect(c).toMatchObject({ isOrder: true, isShipping: false });
    expect(c.signals).toEqual(
      expect.arrayContaining(['subject:order-word', 'body:order-phrase', 'label:total']),
    );
  });
  it('never takes a shipping notice, a password reset or marketing for an order', () => {
    expect(
      classifyEmail({
        ...base,
        subject: 'Your order has shipped',
        body: 'Order number A-1. Total $5.00',
        hasTotal: true,
      }),
    ).toMatchObject({ isOrder: false, isShipping: true });
    expect(
      classifyEmail({
        ...base,
        subject: 'Reset your password',
        body: 'Click to reset your password',
        hasTotal: false,
      }).isOrder,
    ).toBe(false);
    expect(
      classifyEmail({
        ...base,
        hasOrderNumber: false,
        subject: 'Black Friday: 40% off',
        body: 'Shop now, save up to 50%. Unsubscribe',
        hasTotal: true,
      }).isOrder,
    ).toBe(false);
  });
});

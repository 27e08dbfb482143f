/** Small RFC 822 messages written for the tests: order confirmations and ordinary mail. */
Object.defineProperty(exports, '__esModule', { value: true });
exports.orderMail = orderMail;
exports.otherMail = otherMail;
var counter = 0;
/** An order confirmation with a schema.org Order in JSON-LD and a readable HTML table. */
function orderMail(order) {
  var _a, _b, _c, _d, _e;
  counter += 1;
  var currency = (_a = order.currency) !== null && _a !== void 0 ? _a : 'USD';
  var date = (_b = order.date) !== null && _b !== void 0 ? _b : 'Mon, 02 Nov 2026 10:15:00 +0000';
  var jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Order',
    merchant: { '@type': 'Organization', name: 'Northwind Appliances' },
    orderNumber: order.orderId,
    priceCurrency: currency,
    price: order.total,
    orderDate: new Date(date).toISOString(),
    acceptedOffer: order.items.map((item) => {
      var _a;
      return {
        '@type': 'Offer',
        itemOffered: { '@type': 'Product', name: item.name },
        price: item.price,
        priceCurrency: currency,
        eligibleQuantity: {
          '@type': 'QuantitativeValue',
          value: (_a = item.quantity) !== null && _a !== void 0 ? _a : 1,
        },
      };
    }),
  };
  var rows = order.items
    .map((i) => {
      var _a;
      return '<tr><td>'
        .concat(i.name, '</td><td>')
        .concat((_a = i.quantity) !== null && _a !== void 0 ? _a : 1, '</td><td>')
        .concat(currency, ' ')
        .concat(i.price, '</td></tr>');
    })
    .join('');
  var html =
    (_c = order.html) !== null && _c !== void 0
      ? _c
      : '<html><body><script type="application/ld+json">'
          .concat(JSON.stringify(jsonLd), '</script>\n<p>Thank you for your order!</p><p>Order number: ')
          .concat(order.orderId, '</p>\n<table>')
          .concat(rows, '<tr><td>Total</td><td></td><td>')
          .concat(currency, ' ')
          .concat(order.total, '</td></tr></table></body></html>');
  return [
    'From: '.concat(
      (_d = order.from) !== null && _d !== void 0
        ? _d
        : 'Northwind Appliances <orders@northwind.example.com>',
    ),
    'To: avery.quinn@example.com',
    'Subject: '.concat(
      (_e = order.subject) !== null && _e !== void 0
        ? _e
        : 'Your order '.concat(order.orderId, ' is confirmed'),
    ),
    'Date: '.concat(date),
    'Message-ID: <order-'.concat(order.orderId, '-').concat(counter, '@northwind.example.com>'),
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
  ].join('\r\n');
}
/** Mail that is not a purchase: a newsletter with prices, a password reset, a personal note. */
function otherMail(kind, marker) {
  if (marker === void 0) {
    marker = '';
  }
  counter += 1;
  var parts = {
    newsletter: {
      from: 'Northwind Deals <deals@northwind.example.com>',
      subject: 'Black Friday: 40% off dishwashers '.concat(marker),
      body: '<p>Save big! Dishwashers from $399.00. <a href="https://northwind.example.com/unsubscribe">Unsubscribe</a></p>',
    },
    password: {
      from: 'Northwind Accounts <no-reply@northwind.example.com>',
      subject: 'Reset your password '.concat(marker),
      body: '<p>Click the link to reset your password. If you did not ask for this, ignore this mail.</p>',
    },
    personal: {
      from: 'Sam Rivera <sam@example.org>',
      subject: 'Dinner on Friday? '.concat(marker),
      body: '<p>Hi Avery, are we still on for Friday? I can bring dessert.</p>',
    },
  }[kind];
  return [
    'From: '.concat(parts.from),
    'To: avery.quinn@example.com',
    'Subject: '.concat(parts.subject),
    'Date: Tue, 03 Nov 2026 08:00:00 +0000',
    'Message-ID: <other-'.concat(kind, '-').concat(counter, '@example.org>'),
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    parts.body,
  ].join('\r\n');
}

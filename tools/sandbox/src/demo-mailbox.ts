import type { DemoAccount } from './state';

/**
 * The demo accounts' mailboxes: fictional but realistic order confirmations from several kinds of shops
 * in several currencies, a shipping notice, and ordinary mail. Dates are relative to now, so the demo
 * never ages out of the sync's look-back. tools/sandbox/mailbox.md lists what a sync should make of them.
 */

interface Demo {
  raw: string;
  labelIds: string[];
}

const INBOX = ['INBOX', 'UNREAD'];
const PURCHASES = ['INBOX', 'CATEGORY_PURCHASES'];

function rfcDate(now: Date, daysAgo: number, hour = 10): string {
  const d = new Date(now.getTime() - daysAgo * 86_400_000);
  d.setUTCHours(hour, 17, 0, 0);
  return d.toUTCString().replace('GMT', '+0000');
}

function isoDay(now: Date, daysAgo: number): string {
  return new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

let sequence = 0;
function message(o: {
  from: string;
  to: string;
  subject: string;
  date: string;
  html?: string;
  text?: string;
  attachment?: { name: string; bytes: Buffer };
}): string {
  sequence += 1;
  const boundary = `=_demo_${sequence}`;
  const head = [
    `From: ${o.from}`,
    `To: ${o.to}`,
    `Subject: ${o.subject}`,
    `Date: ${o.date}`,
    `Message-ID: <demo-${sequence}-${Buffer.from(o.subject).toString('hex').slice(0, 12)}@mail.example.net>`,
    'MIME-Version: 1.0',
  ];
  const alternative = [
    o.text
      ? [
          `--${boundary}-alt`,
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
          '',
          o.text,
        ].join('\r\n')
      : '',
    o.html
      ? [
          `--${boundary}-alt`,
          'Content-Type: text/html; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
          '',
          o.html,
        ].join('\r\n')
      : '',
  ]
    .filter(Boolean)
    .join('\r\n');
  const alt = `Content-Type: multipart/alternative; boundary="${boundary}-alt"\r\n\r\n${alternative}\r\n--${boundary}-alt--`;
  if (!o.attachment) return `${head.join('\r\n')}\r\n${alt}\r\n`;
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    alt,
    `--${boundary}`,
    `Content-Type: application/pdf; name="${o.attachment.name}"`,
    `Content-Disposition: attachment; filename="${o.attachment.name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    o.attachment.bytes.toString('base64').replace(/(.{76})/g, '$1\r\n'),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** A schema.org Order as shops embed it in confirmation mail. */
function jsonLd(o: {
  merchant: string;
  orderId: string;
  date: string;
  currency: string;
  total: string;
  items: [string, string, number?][];
  url?: string;
}) {
  return `<script type="application/ld+json">${JSON.stringify({
    '@context': 'http://schema.org',
    '@type': 'Order',
    merchant: { '@type': 'Organization', name: o.merchant },
    orderNumber: o.orderId,
    orderDate: o.date,
    priceCurrency: o.currency,
    price: o.total,
    acceptedOffer: o.items.map(([name, price, quantity]) => ({
      '@type': 'Offer',
      itemOffered: {
        '@type': 'Product',
        name,
        ...(o.url
          ? { url: `${o.url}/p/${encodeURIComponent(name.toLowerCase().replace(/\W+/g, '-'))}` }
          : {}),
      },
      price,
      priceCurrency: o.currency,
      eligibleQuantity: { '@type': 'QuantitativeValue', value: quantity ?? 1 },
    })),
  })}</script>`;
}

const table = (rows: [string, string][]) =>
  `<table role="presentation" style="width:100%;border-collapse:collapse">${rows.map(([a, b]) => `<tr><td style="padding:4px 0">${a}</td><td style="text-align:right">${b}</td></tr>`).join('')}</table>`;

/** A one-page PDF invoice, written by hand. */
function invoicePdf(lines: string[]): Buffer {
  const stream = lines
    .map((l, i) => `BT /F1 12 Tf 72 ${740 - i * 18} Td (${l.replace(/[()\\]/g, '')}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function averyMail(to: string, now: Date): Demo[] {
  return [
    {
      labelIds: PURCHASES,
      raw: message({
        from: 'Brightline Electronics <orders@brightline-electronics.example>',
        to,
        subject: 'Your Brightline order BL-4471905 is confirmed',
        date: rfcDate(now, 62),
        html: `<html><body>${jsonLd({
          merchant: 'Brightline Electronics',
          orderId: 'BL-4471905',
          date: isoDay(now, 62),
          currency: 'USD',
          total: '1486.22',
          items: [
            ['Aurora 14 laptop', '1299.00'],
            ['USB-C docking station', '89.99'],
          ],
          url: 'https://brightline-electronics.example',
        })}
<h1>Thanks for your order, Avery!</h1><p>Order number: BL-4471905</p>
${table([
  ['Aurora 14 laptop', '$1,299.00'],
  ['USB-C docking station', '$89.99'],
  ['Subtotal', '$1,388.99'],
  ['Sales tax', '$97.23'],
  ['Order total', '$1,486.22'],
])}
<p>We'll email you when it ships.</p></body></html>`,
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'Brightline Electronics <shipping@brightline-electronics.example>',
        to,
        subject: 'Your order BL-4471905 has shipped',
        date: rfcDate(now, 60),
        html: '<html><body><p>Good news! Your order BL-4471905 is on its way.</p><p>Carrier: Parcelway. Tracking number: 1Z999AA10123456784</p><p>Estimated delivery: in 2 days.</p></body></html>',
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'Möbelhaus Lindqvist <bestellung@lindqvist-moebel.example.de>',
        to,
        subject: 'Ihre Bestellung ML-2024-88311 – Bestellbestätigung',
        date: rfcDate(now, 210),
        html: `<html lang="de"><body><p>Vielen Dank für Ihre Bestellung bei Möbelhaus Lindqvist.</p><p>Bestellnummer: ML-2024-88311<br>Bestelldatum: ${isoDay(now, 210).split('-').reverse().join('.')}</p>
${table([
  ['Esstisch Oslo, Eiche massiv', '649,00 €'],
  ['Stuhl Oslo (4 Stück)', '476,00 €'],
  ['Versand', '0,00 €'],
  ['Gesamtbetrag', '1.125,00 €'],
])}
<p>Enthaltene MwSt. (19 %): 179,62 €</p></body></html>`,
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'Harrow & Finch <hello@harrowandfinch.example.co.uk>',
        to,
        subject: 'Order confirmation HF-77120',
        date: rfcDate(now, 125),
        text: `Hi Avery,\n\nThank you for shopping with Harrow & Finch.\n\nOrder number: HF-77120\n\nCordless vacuum cleaner V8        £249.00\nDelivery                          £0.00\nTotal                             £249.00\n\nYour order will be dispatched within 2 working days.\n\nHarrow & Finch Ltd, London`,
      }),
    },
    {
      labelIds: PURCHASES,
      raw: message({
        from: 'Crema Supply Co. <receipts@cremasupply.example>',
        to,
        subject: 'Receipt for your Crema Supply order #CS-30418',
        date: rfcDate(now, 305),
        html: `<html><body>${jsonLd({ merchant: 'Crema Supply Co.', orderId: 'CS-30418', date: isoDay(now, 305), currency: 'USD', total: '647.92', items: [['Barista Pro espresso machine', '599.00']] })}
<p>Order #CS-30418</p>${table([
          ['Barista Pro espresso machine', '$599.00'],
          ['Shipping', '$0.00'],
          ['Tax', '$48.92'],
          ['Total paid', '$647.92'],
        ])}</body></html>`,
      }),
    },
    {
      labelIds: PURCHASES,
      raw: message({
        from: 'HomeCore Appliances <orders@homecore.example>',
        to,
        subject: 'HomeCore order HC-118204 confirmed',
        date: rfcDate(now, 410),
        html: `<html><body>${jsonLd({ merchant: 'HomeCore Appliances', orderId: 'HC-118204', date: isoDay(now, 410), currency: 'USD', total: '1928.00', items: [['FrostFree 500L refrigerator', '1849.00']] })}
<p>Order HC-118204</p>${table([
          ['FrostFree 500L refrigerator', '$1,849.00'],
          ['Delivery and installation', '$79.00'],
          ['Total', '$1,928.00'],
        ])}</body></html>`,
      }),
    },
    {
      labelIds: PURCHASES,
      raw: message({
        from: 'HomeCore Appliances <orders@homecore.example>',
        to,
        subject: 'HomeCore order HC-131977 confirmed',
        date: rfcDate(now, 28),
        html: `<html><body>${jsonLd({ merchant: 'HomeCore Appliances', orderId: 'HC-131977', date: isoDay(now, 28), currency: 'USD', total: '44.99', items: [['FrostFree refrigerator water filter', '44.99']], url: 'https://homecore.example' })}
<p>Order HC-131977</p>${table([
          ['FrostFree refrigerator water filter', '$44.99'],
          ['Total', '$44.99'],
        ])}</body></html>`,
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'Greenleaf Pharmacy <receipts@greenleaf-pharmacy.example>',
        to,
        subject: 'Your Greenleaf Pharmacy receipt',
        date: rfcDate(now, 16),
        text: `GREENLEAF PHARMACY\n214 Elm Street\n\nReceipt #GL-558201\nDate: ${isoDay(now, 16)}\n\nSonic 300 electric toothbrush     79.99\nReplacement brush heads 4-pack    24.99\nSubtotal                         104.98\nSales tax                          7.28\nTOTAL                           $112.26\n\nVisa ****4242   $112.26\nThank you for shopping with us!`,
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'Northpeak Internet <billing@northpeak.example>',
        to,
        subject: 'Invoice INV-2026-0192 for your purchase',
        date: rfcDate(now, 47),
        html: '<html><body><p>Dear Avery Quinn,</p><p>Thank you for your purchase. Your invoice INV-2026-0192 is attached.</p><p>Mesh Wi-Fi router (3-pack): $279.00<br>Amount paid: $279.00</p></body></html>',
        attachment: {
          name: 'INV-2026-0192.pdf',
          bytes: invoicePdf([
            'Northpeak Internet',
            'Invoice INV-2026-0192',
            `Date: ${isoDay(now, 47)}`,
            'Mesh Wi-Fi router (3-pack)      279.00',
            'Total USD 279.00',
          ]),
        },
      }),
    },
    {
      labelIds: PURCHASES,
      raw: message({
        from: 'Maple & Pine Outfitters <orders@mapleandpine.example.ca>',
        to,
        subject: 'Order confirmation MP-66012',
        date: rfcDate(now, 93),
        html: `<html><body>${jsonLd({
          merchant: 'Maple & Pine Outfitters',
          orderId: 'MP-66012',
          date: isoDay(now, 93),
          currency: 'CAD',
          total: '461.28',
          items: [
            ['Trail running shoes', '159.99'],
            ['Insulated winter jacket', '249.00'],
          ],
        })}
<p>Order MP-66012</p>${table([
          ['Trail running shoes', 'C$159.99'],
          ['Insulated winter jacket', 'C$249.00'],
          ['GST/HST', 'C$52.29'],
          ['Total', 'C$461.28'],
        ])}</body></html>`,
      }),
    },
    ...ordinaryMail(to, now, 'Avery'),
  ];
}

function jordanMail(to: string, now: Date): Demo[] {
  return [
    {
      labelIds: INBOX,
      raw: message({
        from: 'Pixelworks Store <orders@pixelworks.example>',
        to,
        subject: 'Pixelworks order PW-502931 confirmation',
        date: rfcDate(now, 40),
        html: `<html><body>${jsonLd({ merchant: 'Pixelworks', orderId: 'PW-502931', date: isoDay(now, 40), currency: 'USD', total: '464.39', items: [['Nimbus 27" 4K monitor', '429.99']] })}
<p>Order PW-502931</p>${table([
          ['Nimbus 27" 4K monitor', '$429.99'],
          ['Tax', '$34.40'],
          ['Order total', '$464.39'],
        ])}</body></html>`,
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'CleanBot France <commandes@cleanbot.example.fr>',
        to,
        subject: 'Confirmation de votre commande CB-20931',
        date: rfcDate(now, 150),
        html: `<html lang="fr"><body><p>Merci pour votre commande !</p><p>Commande n° CB-20931</p>${table([
          ['Aspirateur robot CleanBot S7', '399,00 €'],
          ['Livraison', 'Gratuite'],
          ['Montant total TTC', '399,00 €'],
        ])}</body></html>`,
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'OfficeHub <orders@officehub.example.co.uk>',
        to,
        subject: 'Your OfficeHub order OH-88420',
        date: rfcDate(now, 260),
        html: `<html><body>${jsonLd({ merchant: 'OfficeHub', orderId: 'OH-88420', date: isoDay(now, 260), currency: 'GBP', total: '189.00', items: [['LaserJet M140 printer', '189.00']] })}<p>Order OH-88420</p>${table(
          [
            ['LaserJet M140 printer', '£189.00'],
            ['Total', '£189.00'],
          ],
        )}</body></html>`,
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'OfficeHub <orders@officehub.example.co.uk>',
        to,
        subject: 'Your OfficeHub order OH-90112',
        date: rfcDate(now, 20),
        html: `<html><body>${jsonLd({ merchant: 'OfficeHub', orderId: 'OH-90112', date: isoDay(now, 20), currency: 'GBP', total: '39.99', items: [['LaserJet M140 toner cartridge', '39.99']] })}<p>Order OH-90112</p>${table(
          [
            ['LaserJet M140 toner cartridge', '£39.99'],
            ['Total', '£39.99'],
          ],
        )}</body></html>`,
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'AirWell Home <support@airwell.example>',
        to,
        subject: 'Thanks for your purchase – order AW-7730',
        date: rfcDate(now, 75),
        html: `<html><body>${jsonLd({ merchant: 'AirWell', orderId: 'AW-7730', date: isoDay(now, 75), currency: 'USD', total: '96.57', items: [['AirWell cool mist humidifier', '89.00']] })}<p>Order AW-7730</p>${table(
          [
            ['AirWell cool mist humidifier', '$89.00'],
            ['Tax', '$7.57'],
            ['Total', '$96.57'],
          ],
        )}</body></html>`,
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'Keen Edge <orders@keenedge.example>',
        to,
        subject: 'Order KE-24417 confirmed',
        date: rfcDate(now, 330),
        text: 'Keen Edge\n\nOrder KE-24417\n\nKeen Edge Pro electric shaver      $129.00\nShipping                           $5.00\nOrder total                       $134.00\n\nThank you!',
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'Pixelworks Store <shipping@pixelworks.example>',
        to,
        subject: 'Your Pixelworks order PW-502931 has been delivered',
        date: rfcDate(now, 37),
        html: '<html><body><p>Your package for order PW-502931 was delivered today at 2:14 PM.</p></body></html>',
      }),
    },
    ...ordinaryMail(to, now, 'Jordan'),
  ];
}

function ordinaryMail(to: string, now: Date, first: string): Demo[] {
  return [
    {
      labelIds: ['INBOX', 'CATEGORY_PROMOTIONS'],
      raw: message({
        from: 'Lindqvist Deals <news@lindqvist-moebel.example.de>',
        to,
        subject: 'Weekend sale: sofas from $499 – up to 50% off',
        date: rfcDate(now, 9),
        html: '<html><body><h1>Weekend sale</h1><p>Sofas from $499.00, armchairs from $199.00. Order now and save up to 50%!</p><p><a href="https://lindqvist-moebel.example.de/unsubscribe">Unsubscribe</a> from these emails.</p></body></html>',
      }),
    },
    {
      labelIds: ['INBOX', 'CATEGORY_UPDATES'],
      raw: message({
        from: 'Brightline Electronics <no-reply@brightline-electronics.example>',
        to,
        subject: 'Reset your Brightline password',
        date: rfcDate(now, 5),
        html: '<html><body><p>We received a request to reset your password. Click the link below to choose a new one. If you did not ask for this, you can ignore this email.</p></body></html>',
      }),
    },
    {
      labelIds: ['INBOX', 'CATEGORY_UPDATES'],
      raw: message({
        from: 'Northpeak Internet <account@northpeak.example>',
        to,
        subject: 'Security notice: new sign-in to your account',
        date: rfcDate(now, 3),
        html: '<html><body><p>We noticed a new sign-in to your Northpeak account from Firefox on Linux. If this was you, no action is needed.</p></body></html>',
      }),
    },
    {
      labelIds: INBOX,
      raw: message({
        from: 'Sam Rivera <sam.rivera@example.org>',
        to,
        subject: 'Photos from the weekend',
        date: rfcDate(now, 2),
        text: `Hi ${first},\n\nHere are the photos from the hike. The one at the lake came out great!\n\nSam`,
      }),
    },
  ];
}

export function demoMailbox(account: DemoAccount, now: Date): Demo[] {
  return account.provider === 'google' ? averyMail(account.email, now) : jordanMail(account.email, now);
}

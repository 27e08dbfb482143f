import { sandboxUrl } from './env';

/** Where the order mails' HTML points: hosts that do not exist, which the browser must never ask for. */
export const REMOTE_HOSTS = ['tracker.example', 'cdn.mailer.example', 'fonts.mailer.example'];

export interface OrderMail {
  orderId: string;
  /** The sender's display name and address. */
  from: { name: string; address: string };
  total: string;
}

/**
 * An order confirmation as a shop's mailer writes one, with no product line (so it waits for review), in
 * plain text and in HTML that tries everything a sender does to see a mail was opened: a tracking pixel,
 * remote images and style sheets, CSS backgrounds, a link.
 */
export function orderMail({ orderId, from, total }: OrderMail, to: string, date = new Date()): string {
  const boundary = `b-${orderId}`;
  const html = `<html><head>
<link rel="stylesheet" href="https://cdn.mailer.example/mail.css">
<style>@import url("https://fonts.mailer.example/brand.css");
body { background: url(https://cdn.mailer.example/paper.png) }
.total { font-weight: bold; color: #14532d }</style></head>
<body><img src="https://tracker.example/open.gif?order=${orderId}" width="1" height="1" alt="">
<img src="https://cdn.mailer.example/logo.png" srcset="https://cdn.mailer.example/logo@2x.png 2x" alt="${from.name}">
<p>Thank you for your order ${orderId}.</p>
<p class="total">Total charged: ${total}</p>
<p><a href="https://tracker.example/click?to=orders/${orderId}">View your order</a></p>
<table background="https://cdn.mailer.example/table.png"><tr><td style="background-image:url('https://cdn.mailer.example/cell.png')">We will e-mail you when it ships.</td></tr></table>
</body></html>`;
  const text = `Thank you for your order ${orderId}.\r\nTotal charged: ${total}\r\nWe will e-mail you when it ships.\r\n`;
  return [
    `From: ${from.name} <${from.address}>`,
    `To: ${to}`,
    `Subject: Order confirmation ${orderId}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${orderId.toLowerCase()}@${from.address.split('@')[1]}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Puts a message in a demo mailbox through the sandbox's control API. */
export async function deliver(mailbox: string, raw: string): Promise<void> {
  const res = await fetch(`${sandboxUrl()}/__sandbox/messages/${mailbox}`, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822' },
    body: raw,
  });
  if (res.status !== 201) throw new Error(`The sandbox refused the message: HTTP ${res.status}`);
}

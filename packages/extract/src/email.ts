import { type AddressObject, type ParsedMail, type SimpleParserOptions, simpleParser } from 'mailparser';
import type { HTMLElement } from 'node-html-parser';
import { parseDate } from './dates';
import { documentContext, readFields } from './document';
import { type EInvoice, einvoiceIn } from './einvoice';
import { completeCutNames, productInSubject } from './email-products';
import { classifyOrder, isShippingNotice, type OrderInput } from './fields/is-order';
import { fromLexicon, inEveryLanguage } from './lexicon';
import { capLines, LIMITS, LimitError } from './limits';
import { type MemoryInput, withMemory } from './memory';
import {
  cleanMerchant,
  looksLikePerson,
  merchantFromDisplayName,
  merchantFromDomain,
  merchantOfPage,
} from './merchant';
import { findOrderNumber } from './order-number';
import { findPayee, processorOf } from './payee';
import { extractPdf } from './pdf';
import { capDoc } from './readers/cap';
import { type Doc, lineTexts } from './readers/doc';
import { readHtml, readHtmlTree } from './readers/html';
import { parseHtml, parseHtmlTrees } from './readers/html-parse';
import { readText } from './readers/text';
import { type StructuredOrder, structuredOrders } from './structured';
import type { EmailFacts, Extraction } from './types';

const MAX_ATTACHMENT_BYTES = LIMITS.attachmentBytes;

function firstAddress(value: AddressObject | AddressObject[] | undefined) {
  const list = [value ?? []].flat().flatMap((a) => a.value);
  const first = list[0];
  return { name: first?.name?.trim() || null, address: first?.address?.toLowerCase() || null };
}

/** The first e-mail address in `text` and where it starts, found from its '@' (no backtracking). */
function firstAddressIn(text: string): { start: number; end: number } | null {
  const isLocal = (c: string) => /[\w.+-]/.test(c);
  const isDomain = (c: string) => /[\w.-]/.test(c);
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && isLocal(text.charAt(start - 1))) start -= 1;
    let end = at + 1;
    while (end < text.length && isDomain(text.charAt(end))) end += 1;
    if (start < at && end > at + 1) return { start, end };
  }
  return null;
}

/**
 * A "From: Name <address>" line of a forwarded header block. The name is what comes before the address,
 * without quotes or the opening bracket; a stray quote or bracket inside it means the line is no header.
 */
function fromLine(line: string): { name: string | null; address: string } | null {
  const label = /^(?:from|von|de)\s*:/i.exec(line);
  if (!label) return null;
  const rest = line.slice(label[0].length).trimStart();
  const found = firstAddressIn(rest);
  if (!found) return null;
  let name = rest.slice(0, found.start);
  if (name.endsWith('<')) name = name.slice(0, -1);
  name = name.trimEnd();
  if (name.endsWith('"')) name = name.slice(0, -1);
  if (name.startsWith('"')) name = name.slice(1);
  if (/["<]/.test(name)) return null;
  return { name: name.trim() || null, address: rest.slice(found.start, found.end).toLowerCase() };
}

/** The sender of a message forwarded inline ("---------- Forwarded message ---------"), if any. */
function forwardedSender(lines: string[]): { name: string | null; address: string | null } | null {
  const start = lines.findIndex((l) =>
    /forwarded message|begin forwarded message|original message|weitergeleitete nachricht|message transféré/i.test(
      l,
    ),
  );
  if (start === -1) return null;
  for (const line of lines.slice(start, start + 8)) {
    const found = fromLine(line.trim());
    if (found) return found;
  }
  return null;
}

/** The Date header's day as the sender wrote it (a UTC conversion can move it to the next day). */
function headerDate(mail: ParsedMail): string | null {
  const raw = mail.headerLines.find((h) => h.key === 'date')?.line ?? '';
  const day = parseDate(raw.replace(/^date:\s*/i, ''), 'dmy');
  if (day) return day;
  return mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString().slice(0, 10) : null;
}

/** An HTML body in the document model within the line and text caps, with its tree for structured data. */
interface HtmlBody {
  doc: Doc;
  cut: boolean;
  root: HTMLElement;
}

function htmlBody(html: string): HtmlBody {
  const { page, text } = parseHtmlTrees(html);
  return { ...capDoc(readHtmlTree(text)), root: page };
}

/** Picks the order a page describes; an Order or Invoice beats a ParcelDelivery. */
function mainStructured(orders: StructuredOrder[]): StructuredOrder | null {
  return orders.find((o) => o.type !== 'ParcelDelivery') ?? orders[0] ?? null;
}

/**
 * Reads the purchase in an HTML or text body: an attached e-invoice or schema.org data first, then the
 * general rules, then what the headers say (sender for the merchant, Date for the purchase date). Shared by
 * .eml and .html input.
 */
function readBody(
  html: string | null,
  plain: string | null,
  facts: EmailFacts,
  senderDomain: string | null,
  htmlDoc: HtmlBody | null = null,
  einvoice: EInvoice | null = null,
  memory?: MemoryInput,
): { extraction: Extraction; order: OrderInput } {
  const body = html ? (htmlDoc ?? htmlBody(html)) : null;
  const root = body?.root ?? null;
  const structured = root ? structuredOrders(root) : [];
  // An attached e-invoice states the purchase exactly; the page's schema.org markup only summarises it.
  const main = einvoice ?? mainStructured(structured);
  // Past the line and text caps the rest of the body is cut; a purchase is stated near its top.
  const capped = body ?? readText(plain ?? '');
  const lines = lineTexts(capped.doc);
  const fields = readFields(capped.doc, {
    structured: main?.type === 'ParcelDelivery' ? null : main,
    senderDomain,
  });

  const signals = capped.cut ? [...fields.signals, 'text:cut'] : [...fields.signals];
  const personal = facts.from_name !== null && looksLikePerson(facts.from_name, senderDomain);
  const fromName = facts.from_name && !personal ? merchantFromDisplayName(facts.from_name) : null;
  const domainName = merchantFromDomain(senderDomain);
  const page = root
    ? merchantOfPage({
        title: root.querySelector('title')?.text.trim() ?? null,
        lines,
        linkHosts: root
          .querySelectorAll('a[href]')
          .flatMap((a) => /^https?:\/\/([^/:?#]+)/i.exec(a.getAttribute('href') ?? '')?.[1] ?? []),
        logoAlt: root.querySelector('img[alt]')?.getAttribute('alt')?.trim() || null,
      })
    : null;
  // A processor's receipt names the shop it paid: that is the merchant, the processor how it was paid.
  const processor = processorOf([facts.from_name ?? '', senderDomain ?? ''], lines);
  const payee = processor ? findPayee([facts.subject ?? '', ...lines], processor) : null;
  let merchant: string | null = null;
  const choose = (name: string | null, confidence: number, signal: string) => {
    if (merchant || !name) return;
    merchant = cleanMerchant(name);
    fields.confidence.merchant = confidence;
    signals.push(signal);
  };
  if (main?.type !== 'ParcelDelivery') {
    choose(
      main?.merchant ?? null,
      einvoice ? 0.97 : 0.95,
      einvoice ? 'merchant:einvoice' : 'merchant:jsonld',
    );
  }
  choose(payee, 0.85, 'merchant:payee');
  choose(fromName, 0.85, 'merchant:sender-name');
  choose(domainName, 0.7, 'merchant:sender-domain');
  choose(page?.name ?? null, 0.7, page?.signal ?? '');
  choose(fields.merchant, fields.confidence.merchant ?? 0.4, 'merchant:text');
  let date = fields.purchase_date;
  // In mail, a date the ranker is unsure of is as likely a delivery or travel date; the message's own
  // date is better.
  const isWeakDate = (fields.confidence.purchase_date ?? 0) < 0.6;
  if (facts.date && (!date || isWeakDate)) {
    date = facts.date.slice(0, 10);
    fields.confidence.purchase_date = 0.5;
    signals.push('purchase_date:date-header');
  }
  // A Set keeps the first of each id in linear time (a page may list thousands of orders).
  const relatedIds = [
    ...new Set(
      [
        ...structured.flatMap((s) => [s.orderId, ...s.relatedOrderIds]),
        findOrderNumber([facts.subject ?? ''])?.id,
        fields.order_id,
      ].filter((v): v is string => Boolean(v)),
    ),
  ];

  const hasSchemaOrder = structured.some((s) => s.type !== 'ParcelDelivery');
  const isEInvoice = einvoice !== null && !einvoice.isCreditNote;
  const parcelOnly = structured.length > 0 && structured.every((s) => s.type === 'ParcelDelivery');
  const order: OrderInput = {
    subject: facts.subject,
    sender:
      facts.from_name || facts.from_address ? { name: facts.from_name, address: facts.from_address } : null,
    lines,
    evidence: fields.evidence,
    structured:
      hasSchemaOrder || isEInvoice
        ? 'order'
        : einvoice?.isCreditNote
          ? 'credit'
          : parcelOnly
            ? 'parcel'
            : null,
  };
  const decision = classifyOrder(order);
  // A shipping update is never an order itself (EmailFacts.is_shipping_update).
  const isShipping = isShippingNotice(facts.subject ?? '', order.structured);
  const classification = {
    isOrder: decision.isOrder && !isShipping,
    isShipping,
    signals: isShipping ? [...decision.signals, 'shipping-notice'] : decision.signals,
  };

  let products = plain && html ? completeCutNames(fields.products, capLines(plain).lines) : fields.products;
  const subjectProduct =
    classification.isOrder && products.length === 0 ? productInSubject(facts.subject ?? '') : null;
  if (subjectProduct) {
    products = [subjectProduct];
    signals.push('products:subject');
  }

  const extraction: Extraction = {
    kind: 'email',
    is_order: classification.isOrder,
    merchant: merchant as string | null,
    order_id: fields.order_id,
    purchase_date: date,
    total: fields.total,
    currency: fields.currency,
    products,
    ...(processor && signals.includes('merchant:payee') ? { payment_via: processor } : {}),
    confidence: fields.confidence,
    signals: [...classification.signals, ...signals],
    email: { ...facts, is_shipping_update: classification.isShipping, related_order_ids: relatedIds },
    text: lines.join('\n'),
  };
  if (!memory) return { extraction, order };
  const context = documentContext(capped.doc, { senderDomain, currency: main?.currency });
  const sender = { address: facts.from_address, domain: senderDomain };
  return { extraction: withMemory(extraction, capped.doc, context, sender, memory), order };
}

/**
 * Counts a raw message's MIME parts and multipart nesting in one linear pass, from its boundary lines,
 * before mailparser builds anything: a message over LIMITS.mimeParts parts or LIMITS.mimeDepth levels is
 * refused at once. Stops counting as soon as a cap is passed.
 */
export function mimeShape(raw: string): { parts: number; depth: number } {
  const declared = new Set<string>();
  for (const m of raw.matchAll(/\bboundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^"\s;]{1,200}))/gi)) {
    declared.add((m[1] ?? m[2]) as string);
  }
  const shape = { parts: 0, depth: 0 };
  if (declared.size === 0) return shape;
  const open: string[] = [];
  for (let start = 0; start < raw.length; ) {
    let end = raw.indexOf('\n', start);
    if (end === -1) end = raw.length;
    // Boundary lines are "--boundary" or "--boundary--"; a boundary is at most 70 characters (RFC 2046).
    if (raw.startsWith('--', start)) {
      let token = raw.slice(start + 2, Math.min(end, start + 300)).trimEnd();
      const closing = !declared.has(token) && token.endsWith('--');
      if (closing) token = token.slice(0, -2);
      if (declared.has(token)) {
        const at = open.lastIndexOf(token);
        if (closing) {
          if (at !== -1) open.length = at;
        } else {
          if (at === -1) open.push(token);
          else open.length = at + 1;
          shape.parts += 1;
          shape.depth = Math.max(shape.depth, open.length);
          if (shape.parts > LIMITS.mimeParts || shape.depth > LIMITS.mimeDepth) return shape;
        }
      }
    }
    start = end + 1;
  }
  return shape;
}

/** mailparser over a message that passed the size and MIME-shape caps; LimitError otherwise. */
async function parseMail(raw: Uint8Array | string, options: SimpleParserOptions = {}): Promise<ParsedMail> {
  const size = typeof raw === 'string' ? raw.length : raw.byteLength;
  if (size > LIMITS.emailBytes) {
    throw new LimitError(
      'emailBytes',
      `The message is larger than ${LIMITS.emailBytes / 1024 / 1024} MB; it was not read`,
    );
  }
  const text = typeof raw === 'string' ? raw : Buffer.from(raw).toString('latin1');
  const shape = mimeShape(text);
  if (shape.parts > LIMITS.mimeParts) {
    throw new LimitError('mimeParts', `The message has more than ${LIMITS.mimeParts} parts; it was not read`);
  }
  if (shape.depth > LIMITS.mimeDepth) {
    throw new LimitError(
      'mimeDepth',
      `The message nests parts more than ${LIMITS.mimeDepth} levels deep; it was not read`,
    );
  }
  return simpleParser(typeof raw === 'string' ? raw : Buffer.from(raw), options);
}

/**
 * A PDF attached to an order e-mail that reads as its invoice or receipt: the file as it came, to keep
 * with the order, and what was read from it.
 */
export interface AttachedReceipt {
  filename: string;
  bytes: Uint8Array;
  extraction: Extraction;
}

/** What one e-mail said, and the PDF invoice or receipt attached to it, if any. */
export interface ReadEmail {
  extraction: Extraction;
  receipt: AttachedReceipt | null;
  /** What the order classifier read of the message (training reads e-mails through this). */
  order: OrderInput;
}

/** The mail says it is a purchase and that its invoice or receipt is attached ("your invoice is attached"). */
const INVOICE_WORD = fromLexicon(
  new RegExp(`\\b(${inEveryLanguage((l) => l.invoiceMail.invoice).join('|')})\\b`, 'i'),
);
const ATTACHED_WORD = fromLexicon(
  new RegExp(`\\b(${inEveryLanguage((l) => l.invoiceMail.attached).join('|')})\\b`, 'i'),
);

/**
 * Reads the PDFs attached to a message, in order, into `result`: what the body lacks comes from them (an
 * attached Factur-X invoice replaces what the text suggested), and an invoice the mail says is attached
 * makes it an order. Answers the first PDF that reads as a purchase (a total or product lines) when the
 * message is an order: its receipt. A message whose body lacks no field reads its PDFs only to find that.
 */
async function readAttachedPdfs(mail: ParsedMail, result: Extraction): Promise<AttachedReceipt | null> {
  let receipt: AttachedReceipt | null = null;
  const lacksField = result.total === null || result.order_id === null;
  for (const attachment of mail.attachments) {
    if (attachment.contentType !== 'application/pdf') continue;
    if (!lacksField && (receipt || !result.is_order)) break;
    if (attachment.size > MAX_ATTACHMENT_BYTES) {
      result.signals.push('attachment:pdf-too-large');
      continue;
    }
    try {
      const bytes = new Uint8Array(attachment.content);
      const pdf = await extractPdf(bytes, { maxPages: 10, ocr: false });
      const isEInvoicePdf = pdf.signals.includes('einvoice:cii') || pdf.signals.includes('einvoice:ubl');
      if (isEInvoicePdf) {
        // A Factur-X / ZUGFeRD PDF: its embedded invoice is exact, so it replaces what the text suggested.
        for (const field of ['merchant', 'order_id', 'purchase_date', 'total', 'currency'] as const) {
          result[field] = pdf[field] ?? result[field];
          if (pdf.confidence[field] !== undefined) result.confidence[field] = pdf.confidence[field];
        }
        result.products = pdf.products;
        result.signals.push('attachment:einvoice');
      }
      if (lacksField) {
        result.total ??= pdf.total;
        result.currency ??= pdf.currency;
        if (result.order_id === null && pdf.order_id) {
          result.order_id = pdf.order_id;
          if (pdf.confidence.order_id !== undefined) result.confidence.order_id = pdf.confidence.order_id;
          result.signals.push('order_id:attachment');
        }
        if (result.products.length === 0) result.products = pdf.products;
      }
      result.signals.push('attachment:pdf');
      const body = result.text ?? '';
      const saysPurchase =
        INVOICE_WORD.test(result.email?.subject ?? '') ||
        (INVOICE_WORD.test(body) && ATTACHED_WORD.test(body));
      // Cues of a message that is about money without being a purchase (shipping and marketing words are
      // common in order mails too, so they do not count here).
      const saysOtherwise = result.signals.some((sig) =>
        ['neg:refund', 'neg:card', 'neg:account', 'neg:bounce', 'neg:request', 'shipping-notice'].includes(
          sig,
        ),
      );
      const isInvoicePdf = isEInvoicePdf && !pdf.signals.includes('einvoice:credit-note');
      if (!result.is_order && pdf.total && (saysPurchase || isInvoicePdf) && !saysOtherwise) {
        result.is_order = true;
        result.signals.push('attachment:invoice');
      }
      if (!receipt && pdf.is_order && (pdf.total !== null || pdf.products.length > 0)) {
        receipt = { filename: attachment.filename || 'receipt.pdf', bytes, extraction: pdf };
      }
    } catch {
      result.signals.push('attachment:pdf-unreadable');
    }
  }
  if (!receipt || !result.is_order) return null;
  result.signals.push('attachment:receipt');
  return receipt;
}

async function fromParsed(mail: ParsedMail, depth: number, memory?: MemoryInput): Promise<ReadEmail> {
  // A forwarded message attached whole (message/rfc822) is the order; the wrapper is just the forward.
  if (depth < 3) {
    for (const attachment of mail.attachments) {
      if (attachment.contentType === 'message/rfc822' && attachment.size <= MAX_ATTACHMENT_BYTES) {
        const inner = await fromParsed(
          await parseMail(attachment.content, { skipHtmlToText: true }),
          depth + 1,
          memory,
        );
        if (inner.extraction.is_order) {
          inner.extraction.signals.unshift('forwarded:attached');
          return inner;
        }
      }
    }
  }
  const from = firstAddress(mail.from);
  const html = typeof mail.html === 'string' ? mail.html : null;
  // mailparser's own HTML-to-text pass is off (it took 40 s over a megabyte of nested <div>s); an HTML-only
  // message's text lines come from the same linear reader as its body.
  const htmlDoc = html ? htmlBody(html) : null;
  const plainLines = mail.text ? capLines(mail.text).lines : htmlDoc ? lineTexts(htmlDoc.doc) : [];
  const forwarded = forwardedSender(plainLines);
  const sender = forwarded ?? from;
  const facts: EmailFacts = {
    subject: mail.subject?.trim() || null,
    from_name: sender.name,
    from_address: sender.address,
    date: headerDate(mail),
    message_id: mail.messageId ?? null,
    is_shipping_update: false,
    related_order_ids: [],
  };
  const domain = sender.address?.split('@')[1] ?? null;
  // An XRechnung or UBL file (or a bare Factur-X XML) attached: the invoice's own data, read before the body.
  const einvoice = einvoiceIn(
    mail.attachments.map((a) => ({ name: a.filename ?? null, type: a.contentType, content: a.content })),
  );
  const { extraction: result, order } = readBody(
    html,
    mail.text ?? null,
    facts,
    domain,
    htmlDoc,
    einvoice,
    memory,
  );
  if (einvoice) result.signals.push('attachment:einvoice');
  if (forwarded) result.signals.unshift('forwarded:inline');
  const receipt = await readAttachedPdfs(mail, result);
  return { extraction: result, receipt, order };
}

/**
 * Reads an RFC 822 message: charsets, quoted-printable, base64, multipart/alternative and forwarded
 * messages through mailparser; the HTML is parsed, never rendered, and nothing it points at is fetched.
 */
export async function extractEmail(
  raw: Uint8Array | string,
  options: { memory?: MemoryInput } = {},
): Promise<Extraction> {
  return (await readEmail(raw, options.memory)).extraction;
}

/**
 * The body of an RFC 822 message in the document model, as `readEmail` reads it for its fields (the HTML
 * part, else the plain text), with the sender's domain: what training reads an e-mail as.
 */
export async function emailBody(
  raw: Uint8Array | string,
): Promise<{ doc: Doc; senderDomain: string | null }> {
  const mail = await parseMail(raw, { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true });
  const html = typeof mail.html === 'string' ? mail.html : null;
  const doc = html ? capDoc(readHtml(html)).doc : readText(mail.text ?? '').doc;
  return { doc, senderDomain: firstAddress(mail.from).address?.split('@')[1] ?? null };
}

/** Reads an RFC 822 message as `extractEmail` does, with the PDF invoice or receipt attached to an order. */
export async function readEmail(raw: Uint8Array | string, memory?: MemoryInput): Promise<ReadEmail> {
  return fromParsed(
    await parseMail(raw, { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true }),
    0,
    memory,
  );
}

/** The text of a page's first <title>, found by position rather than a backtracking pattern. */
function titleOf(html: string): string | null {
  const lower = html.toLowerCase();
  for (let open = lower.indexOf('<title'); open !== -1; ) {
    const close = lower.indexOf('>', open + 6);
    if (close === -1) return null;
    const next = lower.indexOf('<', close + 1);
    if (next === -1) return null;
    if (lower.startsWith('</title>', next)) return html.slice(close + 1, next);
    // Every "<title" before `close` ends at the same '>' and fails the same way: skip past them.
    open = lower.indexOf('<title', close + 1);
  }
  return null;
}

/**
 * Reads an e-mail's HTML body or a saved order page, as an e-mail without headers.
 * @example extractHtml('<p>Order #A-1234</p><p>Total: $5.00</p>').total //=> '5.00'
 */
export function extractHtml(html: string, options: { memory?: MemoryInput } = {}): Extraction {
  return readHtmlPage(html, options.memory).extraction;
}

/** Reads a saved order page as `extractHtml` does, with what the order classifier read of it. */
export function readHtmlPage(
  html: string,
  memory?: MemoryInput,
): { extraction: Extraction; order: OrderInput } {
  const facts: EmailFacts = {
    subject: null,
    from_name: null,
    from_address: null,
    date: null,
    message_id: null,
    is_shipping_update: false,
    related_order_ids: [],
  };
  // The title is raw markup text: its entities (&quot; &amp;) are decoded as a browser shows them.
  const title = titleOf(html);
  const titled = title === null ? undefined : parseHtml(title).text.trim();
  return readBody(html, null, { ...facts, subject: titled ?? null }, null, null, null, memory);
}

/** An e-mail as the app shows it: headers, the plain text, the HTML as sent, and what is attached. */
export interface EmailView {
  subject: string | null;
  from: string | null;
  to: string | null;
  /** The Date header as an ISO timestamp. */
  date: string | null;
  text: string | null;
  /** The HTML as the sender wrote it: never shown before the app sanitised it. */
  html: string | null;
  attachments: { filename: string; mime: string; size: number }[];
}

/** Longest text or HTML body the view answers; the whole message stays in the downloadable .eml. */
const VIEW_BODY_CHARS = 2_000_000;
const VIEW_ATTACHMENTS = 50;

const addressText = (value: ParsedMail['from'] | ParsedMail['to']): string | null => {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const text = list.map((a: AddressObject) => a.text).join(', ');
  return text || null;
};

/** Reads an RFC 822 message for display, under the same limits as `readEmail`; nothing is fetched. */
export async function viewEmail(raw: Uint8Array | string): Promise<EmailView> {
  const mail = await parseMail(raw, { skipImageLinks: true, skipTextToHtml: true });
  const cut = (s: string | false | undefined) => (typeof s === 'string' ? s.slice(0, VIEW_BODY_CHARS) : null);
  return {
    subject: mail.subject ?? null,
    from: addressText(mail.from),
    to: addressText(mail.to),
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null,
    text: cut(mail.text),
    html: cut(mail.html),
    attachments: mail.attachments.slice(0, VIEW_ATTACHMENTS).map((a) => ({
      filename: a.filename ?? 'attachment',
      mime: a.contentType,
      size: a.size,
    })),
  };
}

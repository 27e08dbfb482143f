import { XMLParser } from 'fast-xml-parser';
import { LIMITS } from './limits';
import type { StructuredOrder } from './structured';
import type { Product } from './types';

/** What an e-invoice's XML says, as structured data for `readFields`; `origin` names its syntax. */
export type EInvoice = StructuredOrder & { origin: 'cii' | 'ubl'; isCreditNote: boolean };

/** Root namespaces: CII D16B (Factur-X, ZUGFeRD 2, XRechnung), ZUGFeRD 1.0, and UBL 2.1 (XRechnung, Peppol). */
const ROOTS: Record<string, { syntax: 'cii' | 'ubl'; namespaces: string[] }> = {
  CrossIndustryInvoice: {
    syntax: 'cii',
    namespaces: ['urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100'],
  },
  CrossIndustryDocument: { syntax: 'cii', namespaces: ['urn:ferd:CrossIndustryDocument:invoice:1p0'] },
  Invoice: { syntax: 'ubl', namespaces: ['urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'] },
  CreditNote: { syntax: 'ubl', namespaces: ['urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2'] },
};

/** The attachment names the standards give the XML, tried before any other `.xml` file. */
const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * The predefined XML entities and character references, decoded here rather than by the parser: its entity
 * processing is off, so no DOCTYPE-declared entity is ever expanded.
 */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(lt|gt|amp|quot|apos));/g,
    (whole, hex?: string, dec?: string, name?: string) => {
      if (name) return PREDEFINED[name] ?? whole;
      const code = hex ? Number.parseInt(hex, 16) : Number(dec);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

/** The XML's text: UTF-8 unless a byte-order mark or the declaration's `encoding` says otherwise. */
function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared =
    /^(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml [^>]{0,150}?encoding\s?=\s?["']([\w.:-]{1,40})["']/.exec(
      head,
    )?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes); // a label TextDecoder does not know
  }
}

const localName = (key: string) => key.slice(key.indexOf(':') + 1);

/** The child elements of `node` with this local name, whatever their prefix. */
function children(node: unknown, name: string): unknown[] {
  const found: unknown[] = [];
  if (!node || typeof node !== 'object') return found;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text' || localName(key) !== name) continue;
    for (const item of Array.isArray(value) ? value : [value]) found.push(item);
  }
  return found;
}

/** The first element down a path of local names; a step "A|B" takes A, or B when there is no A. */
function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const step of path) {
    const next = step
      .split('|')
      .map((name) => children(current, name)[0])
      .find((child) => child !== undefined);
    if (next === undefined) return undefined;
    current = next;
  }
  return current;
}

function text(node: unknown): string | null {
  const raw = node && typeof node === 'object' ? (node as Record<string, unknown>)['#text'] : node;
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  return decodeEntities(String(raw)).replace(/\s+/g, ' ').trim() || null;
}

function attr(node: unknown, name: string): string | null {
  if (!node || typeof node !== 'object') return null;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') && localName(key.slice(2)) === name && typeof value === 'string')
      return value.trim();
  }
  return null;
}

/**
 * An XML decimal ("1299", "571.040") as a decimal string with 2 decimals, rounded half up on the digits
 * themselves (no binary floating point); null when it is not a plain decimal.
 */
export function toAmount(raw: string | null): string | null {
  const m = /^([+-]?)(\d{1,12})(?:\.(\d{1,10}))?$/.exec(raw ?? '');
  if (!m) return null;
  const fraction = (m[3] ?? '').padEnd(3, '0');
  const cents = Number(m[2]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  const sign = m[1] === '-' && cents > 0 ? '-' : '';
  return `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** YYYYMMDD (CII format 102) or YYYY-MM-DD (UBL) as YYYY-MM-DD, when it is a real day. */
function toDate(raw: string | null): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(raw ?? '');
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
  return isReal ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

const toCurrency = (raw: string | null) => (raw && /^[A-Z]{3}$/.test(raw) ? raw : null);

/** Of several amount elements, the one in the invoice's currency (CII repeats some in the tax currency). */
function amountIn(nodes: unknown[], currency: string | null): string | null {
  if (nodes.length === 0) return null;
  const chosen = nodes.find((n) => !attr(n, 'currencyID') || attr(n, 'currencyID') === currency) ?? nodes[0];
  return toAmount(text(chosen));
}

function product(name: string | null, quantity: string | null, price: string | null): Product | null {
  if (!name) return null;
  const count = Number(quantity);
  return {
    name,
    quantity: Number.isFinite(count) && count > 0 ? count : 1,
    price: toAmount(price),
    url: null,
  };
}

/** CII: Factur-X / ZUGFeRD 2 / XRechnung CII (paths of D16B), and ZUGFeRD 1.0 (its older names after "|"). */
function fromCii(root: unknown): Omit<EInvoice, 'origin' | 'type' | 'relatedOrderIds'> {
  const doc = at(root, 'ExchangedDocument|HeaderExchangedDocument');
  const trade = at(root, 'SupplyChainTradeTransaction|SpecifiedSupplyChainTradeTransaction');
  const seller = at(
    trade,
    'ApplicableHeaderTradeAgreement|ApplicableSupplyChainTradeAgreement',
    'SellerTradeParty',
  );
  const settlement = at(trade, 'ApplicableHeaderTradeSettlement|ApplicableSupplyChainTradeSettlement');
  const sums = at(
    settlement,
    'SpecifiedTradeSettlementHeaderMonetarySummation|SpecifiedTradeSettlementMonetarySummation',
  );
  const issued = at(doc, 'IssueDateTime', 'DateTimeString');
  const format = attr(issued, 'format');
  const currency =
    toCurrency(text(at(settlement, 'InvoiceCurrencyCode'))) ??
    toCurrency(attr(at(sums, 'GrandTotalAmount|DuePayableAmount'), 'currencyID'));
  const products = children(trade, 'IncludedSupplyChainTradeLineItem').map((item) => {
    const line = at(item, 'SpecifiedTradeProduct');
    return product(
      text(at(line, 'Name')) ?? text(at(line, 'Description')),
      text(at(item, 'SpecifiedLineTradeDelivery|SpecifiedSupplyChainTradeDelivery', 'BilledQuantity')),
      text(
        at(
          item,
          'SpecifiedLineTradeSettlement|SpecifiedSupplyChainTradeSettlement',
          'SpecifiedTradeSettlementLineMonetarySummation|SpecifiedTradeSettlementMonetarySummation',
          'LineTotalAmount',
        ),
      ),
    );
  });
  return {
    merchant:
      text(at(seller, 'Name')) ?? text(at(seller, 'SpecifiedLegalOrganization', 'TradingBusinessName')),
    orderId: text(at(doc, 'ID')),
    date: !format || format === '102' ? toDate(text(issued)) : null,
    total:
      amountIn(children(sums, 'GrandTotalAmount'), currency) ??
      amountIn(children(sums, 'DuePayableAmount'), currency),
    currency,
    products: products.filter((p): p is Product => p !== null),
    isCreditNote: text(at(doc, 'TypeCode')) === '381',
  };
}

/** UBL 2.1 Invoice or CreditNote (XRechnung UBL, Peppol BIS). */
function fromUbl(
  root: unknown,
  isCreditNote: boolean,
): Omit<EInvoice, 'origin' | 'type' | 'relatedOrderIds'> {
  const party = at(root, 'AccountingSupplierParty', 'Party');
  const sums = at(root, 'LegalMonetaryTotal');
  const currency =
    toCurrency(text(at(root, 'DocumentCurrencyCode'))) ??
    toCurrency(attr(at(sums, 'TaxInclusiveAmount|PayableAmount'), 'currencyID'));
  const lines = children(root, isCreditNote ? 'CreditNoteLine' : 'InvoiceLine').map((line) =>
    product(
      text(at(line, 'Item', 'Name')) ?? text(at(line, 'Item', 'Description')),
      text(at(line, isCreditNote ? 'CreditedQuantity' : 'InvoicedQuantity')),
      text(at(line, 'LineExtensionAmount')),
    ),
  );
  return {
    merchant: text(at(party, 'PartyLegalEntity', 'RegistrationName')) ?? text(at(party, 'PartyName', 'Name')),
    orderId: text(at(root, 'ID')),
    date: toDate(text(at(root, 'IssueDate'))),
    total:
      amountIn(children(sums, 'TaxInclusiveAmount'), currency) ??
      amountIn(children(sums, 'PayableAmount'), currency),
    currency,
    products: lines.filter((p): p is Product => p !== null),
    isCreditNote,
  };
}

/**
 * Reads an e-invoice's XML: CII (`CrossIndustryInvoice`: Factur-X, ZUGFeRD, XRechnung; ZUGFeRD 1.0's
 * `CrossIndustryDocument`) or UBL 2.1 (`Invoice`, `CreditNote`), whatever the namespace prefixes. Returns
 * null, never throws, for anything else: other XML, a document without seller name, number, issue date,
 * total and currency, XML over LIMITS.einvoiceBytes, einvoiceTags or einvoiceDepth, or any DOCTYPE (an
 * e-invoice has none; entities are never expanded either way).
 * @example parseEInvoice(facturXBytes)?.total //=> '571.04'
 */
export function parseEInvoice(xml: Uint8Array | string): EInvoice | null {
  const size = typeof xml === 'string' ? xml.length : xml.byteLength;
  if (size > LIMITS.einvoiceBytes) return null;
  const source = typeof xml === 'string' ? xml : decodeXml(xml);
  if (source.includes('<!DOCTYPE') || source.includes('<!ENTITY')) return null;
  let tags = 0;
  for (
    let at = source.indexOf('<');
    at !== -1 && tags <= LIMITS.einvoiceTags;
    at = source.indexOf('<', at + 1)
  ) {
    tags += 1;
  }
  if (tags > LIMITS.einvoiceTags) return null;
  let parsed: Record<string, unknown>;
  try {
    parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      parseAttributeValue: false,
      processEntities: false,
      htmlEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      maxNestedTags: LIMITS.einvoiceDepth,
      jPath: false,
      isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
    }).parse(source) as Record<string, unknown>;
  } catch {
    return null;
  }
  const rootKey = Object.keys(parsed).find((key) => Object.hasOwn(ROOTS, localName(key)));
  if (!rootKey) return null;
  const kind = ROOTS[localName(rootKey)] as (typeof ROOTS)[string];
  const root = (parsed[rootKey] as unknown[])[0];
  // The root's namespace, declared on itself: the local name alone could be any "Invoice".
  const prefix = rootKey.includes(':') ? rootKey.slice(0, rootKey.indexOf(':')) : null;
  const namespace =
    root && typeof root === 'object'
      ? (root as Record<string, unknown>)[prefix ? `@_xmlns:${prefix}` : '@_xmlns']
      : null;
  if (typeof namespace !== 'string' || !kind.namespaces.includes(namespace.trim())) return null;

  const read = kind.syntax === 'cii' ? fromCii(root) : fromUbl(root, localName(rootKey) === 'CreditNote');
  if (!read.merchant || !read.orderId || !read.date || !read.total || !read.currency) return null;
  return { ...read, type: 'Invoice', origin: kind.syntax, relatedOrderIds: [] };
}

/**
 * The first file of a PDF's or an e-mail's attachments that is a valid e-invoice: the standards' names
 * (factur-x.xml, zugferd-invoice.xml, xrechnung.xml) first, then any other `.xml` or XML-typed file, at most
 * LIMITS.einvoiceFiles of them.
 * @example einvoiceIn([{ name: 'factur-x.xml', content: bytes }])?.origin //=> 'cii'
 */
export function einvoiceIn(
  files: { name: string | null; type?: string | null; content: Uint8Array }[],
): EInvoice | null {
  const rank = (file: (typeof files)[number]) => {
    const name = (file.name ?? '').toLowerCase();
    if (KNOWN_NAMES.includes(name)) return 0;
    if (name.endsWith('.xml') || /^(?:application|text)\/xml$/i.test(file.type ?? '')) return 1;
    return 2;
  };
  const candidates = files
    .map((file) => ({ file, rank: rank(file) }))
    .filter((c) => c.rank < 2)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, LIMITS.einvoiceFiles);
  for (const { file } of candidates) {
    const found = parseEInvoice(file.content);
    if (found) return found;
  }
  return null;
}

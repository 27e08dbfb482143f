import type { HTMLElement } from 'node-html-parser';
import { parseAmount } from './amount';
import { parseDate } from './dates';
import type { Product } from './types';

/** What schema.org data in a page (or an e-invoice's XML, see einvoice.ts) says about an order. */
export interface StructuredOrder {
  type: 'Order' | 'Invoice' | 'ParcelDelivery';
  /** The e-invoice syntax it was read from (CII: Factur-X, ZUGFeRD, XRechnung; UBL); absent for schema.org. */
  origin?: 'cii' | 'ubl';
  /** An e-invoice that is a credit note (CII type code 381, UBL CreditNote): money back, not a purchase. */
  isCreditNote?: boolean;
  merchant: string | null;
  orderId: string | null;
  date: string | null;
  total: string | null;
  currency: string | null;
  products: Product[];
  relatedOrderIds: string[];
}

type Json = Record<string, unknown>;
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const typeOf = (o: Json): string[] =>
  asArray(o['@type']).map((t) => String(t).replace(/^https?:\/\/schema\.org\//, ''));
/**
 * A schema.org date: ISO 8601, a day or a moment (`2026-11-02T10:15:00+01:00`), whose day is the one
 * written (the sender's own calendar day, not converted); other spellings as dates are read.
 * @example schemaDate('2026-11-02T23:30:00-05:00') //=> '2026-11-02'
 */
export function schemaDate(value: string): string | null {
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}|$)/.exec(value.trim());
  return parseDate(iso ? (iso[1] as string) : value, 'mdy');
}

const text = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object') return text((v as Json).name ?? (v as Json)['@value'] ?? null);
  return null;
};
const decimal = (v: unknown): string | null => {
  const t = text(v);
  if (!t) return null;
  const parsed = /^-?\d+(\.\d+)?$/.test(t) ? { decimal: t } : parseAmount(t);
  return parsed ? Number(parsed.decimal).toFixed(2) : null;
};

function walk(value: unknown, visit: (o: Json) => void, depth = 0): void {
  if (depth > 12 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) walk(v, visit, depth + 1);
    return;
  }
  visit(value as Json);
  for (const v of Object.values(value as Json)) walk(v, visit, depth + 1);
}

function fromOrder(o: Json, kind: StructuredOrder['type']): StructuredOrder {
  const offers = [...asArray(o.acceptedOffer), ...asArray(o.orderedItem), ...asArray(o.referencesOrder)];
  const products: Product[] = [];
  for (const raw of offers) {
    if (!raw || typeof raw !== 'object') continue;
    const offer = raw as Json;
    const item = (offer.itemOffered ?? offer.orderedItem ?? offer) as Json;
    const name = text(item.name ?? item);
    if (!name || typeOf(offer).includes('Order')) continue;
    const quantity = Number(text((offer.eligibleQuantity as Json)?.value ?? offer.orderQuantity ?? 1)) || 1;
    const url = text(item.url);
    products.push({
      name,
      quantity,
      price: decimal(offer.price ?? (offer.priceSpecification as Json)?.price),
      url: url?.startsWith('http') ? url : null,
    });
  }
  const payment = (o.totalPaymentDue ?? o.priceSpecification) as Json | undefined;
  const currency = text(o.priceCurrency ?? payment?.priceCurrency);
  const partOf = o.partOfOrder as Json | undefined;
  return {
    type: kind,
    merchant: text(o.merchant ?? o.seller ?? o.provider ?? o.broker),
    orderId: text(o.orderNumber ?? o.confirmationNumber ?? o.identifier ?? partOf?.orderNumber),
    date: schemaDate(text(o.orderDate ?? o.dateCreated ?? o.paymentDueDate ?? '') ?? ''),
    total: decimal(o.price ?? o.totalPrice ?? payment?.price ?? payment),
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
    products,
    relatedOrderIds: partOf ? [text(partOf.orderNumber)].filter((v): v is string => Boolean(v)) : [],
  };
}

/** schema.org Order / Invoice / ParcelDelivery from JSON-LD blocks. */
function fromJsonLd(root: HTMLElement): StructuredOrder[] {
  const found: StructuredOrder[] = [];
  for (const script of root.querySelectorAll('script')) {
    if (!/ld\+json/i.test(script.getAttribute('type') ?? '')) continue;
    let data: unknown;
    try {
      data = JSON.parse(script.rawText.trim().replace(/^<!--|-->$/g, ''));
    } catch {
      continue;
    }
    walk(data, (o) => {
      const types = typeOf(o);
      const kind = (['Order', 'Invoice', 'ParcelDelivery'] as const).find((t) => types.includes(t));
      if (kind) found.push(fromOrder(o, kind));
    });
  }
  return found;
}

/** The same from microdata (itemscope itemtype=".../Order" with itemprop children). */
function fromMicrodata(root: HTMLElement): StructuredOrder[] {
  const found: StructuredOrder[] = [];
  for (const scope of root.querySelectorAll('[itemscope]')) {
    const kind = (['Order', 'Invoice', 'ParcelDelivery'] as const).find((t) =>
      (scope.getAttribute('itemtype') ?? '').endsWith(`/${t}`),
    );
    if (!kind) continue;
    const o: Json = {};
    const offers: Json[] = [];
    for (const el of scope.querySelectorAll('[itemprop]')) {
      const prop = el.getAttribute('itemprop') as string;
      const value =
        el.getAttribute('content') ??
        el.getAttribute('href') ??
        el.getAttribute('datetime') ??
        el.text.trim();
      if (prop === 'acceptedOffer' || prop === 'orderedItem') {
        const offer: Json = {};
        for (const inner of el.querySelectorAll('[itemprop]')) {
          offer[inner.getAttribute('itemprop') as string] =
            inner.getAttribute('content') ?? inner.text.trim();
        }
        offers.push({
          itemOffered: { name: offer.name },
          price: offer.price,
          eligibleQuantity: { value: offer.value ?? offer.orderQuantity },
        });
      } else if (!(prop in o)) {
        o[prop] = value;
      }
    }
    found.push(fromOrder({ ...o, merchant: o.merchant ?? o.name, acceptedOffer: offers }, kind));
  }
  return found;
}

/** Every schema.org order the page describes, JSON-LD first. */
export function structuredOrders(root: HTMLElement): StructuredOrder[] {
  return [...fromJsonLd(root), ...fromMicrodata(root)];
}

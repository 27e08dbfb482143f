/** One product line of a purchase. `price` is a decimal string ("1299.00") for the line, or null. */
export interface Product {
  name: string;
  quantity: number;
  price: string | null;
  url: string | null;
}

/** What an e-mail's headers and body said beyond the purchase fields. */
export interface EmailFacts {
  subject: string | null;
  from_name: string | null;
  from_address: string | null;
  /** The Date header's day, YYYY-MM-DD, as the sender wrote it. */
  date: string | null;
  message_id: string | null;
  /** A shipping or delivery notice (never an order itself; may enrich one already held). */
  is_shipping_update: boolean;
  /** Order numbers the message mentions (a shipping notice's reference). */
  related_order_ids: string[];
}

/**
 * What extraction read from one document. Every field is null when not found; `confidence` holds a 0..1
 * score per field found, `signals` the evidence used (for explaining a result or a bug report).
 */
export interface Extraction {
  kind: 'pdf' | 'email' | 'text';
  is_order: boolean;
  merchant: string | null;
  order_id: string | null;
  /** YYYY-MM-DD */
  purchase_date: string | null;
  /** Decimal string, e.g. "1299.00" */
  total: string | null;
  /** ISO 4217 */
  currency: string | null;
  products: Product[];
  /** The processor or app store a receipt came through (PayPal, Stripe...) when the merchant is its payee. */
  payment_via?: string;
  confidence: Record<string, number>;
  signals: string[];
  email?: EmailFacts;
  pages?: number;
  text_layer?: boolean;
  ocr?: boolean;
  /** The document's text as read, for an optional LLM pass; never printed by the CLI. */
  text?: string;
  /** What the memory of corrections needs of the document (memory.ts); present only when asked for. */
  memory?: MemorySketch;
}

/** The fields whose printed place the memory of corrections remembers. */
export const ANCHORED_FIELDS = ['total', 'purchase_date'] as const;
export type AnchoredField = (typeof ANCHORED_FIELDS)[number];

/** One candidate of an anchored field as memory sees it: its value, its anchor, the ranker's log-odds. */
export interface SketchOption {
  value: string | null;
  /** The half of the document and the label words where the value is printed ("bottom|total rm"). */
  anchor: string;
  logit: number;
}

/**
 * What memory needs of a document, kept with the extraction so that memory can be applied, and learned
 * from at correction time, without reading the document again. Keys are hashed by the caller's `keyOf`;
 * anchors are label words of the document (to be sealed like its text).
 */
export interface MemorySketch {
  identity: string[];
  layout: string;
  options: Record<AnchoredField, SketchOption[]>;
}

/** A document that cannot be read at all (as opposed to one where fields were not found). */
export class DocumentError extends Error {
  override name = 'DocumentError';
  constructor(
    readonly code: 'encrypted' | 'corrupt' | 'too_many_pages' | 'not_pdf' | 'scripted',
    message: string,
  ) {
    super(message);
  }
}

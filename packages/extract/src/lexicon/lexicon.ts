/**
 * The shape of one language's lexicon (`en.ts`, `de.ts`...): every word list the extractor reads in that
 * language, in one object, so a new language is one new file added to `index.ts`. Words are features and
 * candidates' evidence, never a decision by themselves. National formats (tax numbers, postcodes) belong
 * to countries, not languages: `countries.ts`.
 */

/** The roles of an order's summary lines and of the amounts printed beside their labels. */
export type SummaryRole =
  | 'subtotal'
  | 'total'
  | 'tax'
  | 'shipping'
  | 'fee'
  | 'discount'
  | 'deposit-return'
  | 'rounding'
  | 'payment'
  | 'change'
  | 'tip'
  | 'count'
  | 'price'
  | 'line-total'
  | 'offers';

/**
 * The summary vocabulary's roles: the summary roles, with payment split by what the amount beside it is
 * (cash handed over, cash paid out with a card payment), which the total's arithmetic needs and a line's
 * kind does not.
 */
export type VocabularyRole = SummaryRole | 'tendered' | 'cashback';

/**
 * One role's words. A line's label (summary-lines.ts) is matched by where a word may stand in it:
 * `anywhere` (words no product name holds), `start` or `end` (words a product name may hold in its middle:
 * "SX Flyer SAECO Korting KVDNL" is an article, "Korting" alone a discount), `whole` (words that begin
 * product names too: "Cash" is a payment, "Cash register toy" is not), `stems` (the end of a compound
 * word: "Servicegebühr") and `heads` (its beginning: "Umsatzsteueraufschlüsselung"). Lower case.
 */
export interface RoleWords {
  anywhere?: string[];
  start?: string[];
  end?: string[];
  stems?: string[];
  whole?: string[];
  heads?: string[];
  /**
   * How the label of an amount names the role (amount-roles.ts): regular-expression alternatives matched
   * between word edges in any case, `\s*` where a space may be missing ("GRANDTOTAL").
   */
  amount?: string[];
  /** For the total: labels that can only mean the amount paid ("Grand total"), stronger than `amount`. */
  sure?: string[];
  /** Words that take the role back from an amount's label ("Total after rounding", "Tax incl."). */
  unless?: string[];
}

/** The kinds of message or document the order classifier's cue phrases name (fields/is-order.ts). */
export type CueFamily =
  | 'order'
  | 'refund'
  | 'shipping'
  | 'card'
  | 'marketing'
  | 'account'
  | 'bounce'
  | 'request';

export type SenderKind = 'noreply' | 'bulk' | 'commerce';

/** The kinds of product a product's name may place it in (product-category.ts). */
export type ProductCategory =
  | 'Phones & Tablets'
  | 'Computers'
  | 'TV & Audio'
  | 'Cameras'
  | 'Gaming'
  | 'Large Appliances'
  | 'Small Appliances'
  | 'Personal Care'
  | 'Furniture'
  | 'Tools & Garden'
  | 'Sports & Outdoors'
  | 'Smart Home'
  | 'Watches & Wearables'
  | 'Clothing & Shoes'
  | 'Groceries'
  | 'Books & Media'
  | 'Parts & Consumables';

/** What a document calls itself. */
export type DocumentWord = 'invoice' | 'receipt' | 'order';

export interface Lexicon {
  /** The labels of summary lines and amounts: subtotal, tax, shipping, total, payment, change... */
  summary: Partial<Record<VocabularyRole, RoleWords>>;
  /** Month names and their abbreviations, January first (empty when the language has none yet). */
  months: string[][];
  /**
   * Phrases of at most five words that say what kind of message or document something is, written lower
   * case without accents (matched on text normalised the same way). Each family is one binary feature of
   * the order classifier, whose weights are learned.
   */
  orderCues: Partial<Record<CueFamily, string[]>>;
  /** Words of a subject that announces a shipment or a delivery. */
  shippingSubject: string[];
  /** Words that make a shipping-looking subject an order's own confirmation or receipt. */
  shippingSubjectExcept: string[];
  /** The local part of a sender's address by kind, matched at its start (`bestellung@`, `nepasrepondre@`). */
  senders: Partial<Record<SenderKind, string[]>>;
  /**
   * Column heads of item tables (row-words.ts): `item` heads name the item column (one must be in a
   * header), `other` heads the rest, `stems` end a compound head ("Einzelpreis", "Steuersatz").
   */
  columnHeads: { item: string[]; other: string[]; stems: string[] };
  /** Headings over an order's item list ("Order summary", "Ihre Bestellung"), the whole line. */
  itemHeadings: string[];
  /** Starts of lines that describe the product above them: its seller, its condition ("Sold by"). */
  describing: string[];
  /** The words of a document's reference line ("Order #202-4472916", "Rechnung 2024-118"). */
  references: string[];
  /** Labels of a quantity ("Qty", "Menge"). */
  quantityLabels: string[];
  /**
   * Labels of dates (candidates/date.ts), as regular-expression alternatives matched between word edges in
   * any case: `purchase` names the purchase's date, `any` any date, `other` a date that is not the
   * purchase's (due, delivery, expiry).
   */
  dateLabels: { purchase?: string[]; any?: string[]; other?: string[] };
  /** Words of a product's name that place it in a category ("dishwasher", "brush head"), a plural "s" allowed. */
  productCategories: Partial<Record<ProductCategory, string[]>>;
  /** The words a document calls itself by (document-word.ts); `invoice` words also start longer words ("Rechnungsnummer"). */
  documentWords: Partial<Record<DocumentWord, string[]>>;
  /**
   * The labels of an order's (invoice's, booking's) number (order-number.ts), as regular-expression
   * alternatives matched from a word's start in any case.
   */
  orderNumber: {
    /** A label that is the confirmation itself ("Bestätigung:"). */
    confirmation?: string[];
    /** Words of an order that a number word may follow ("Bestell-Nr.", "Order #"). */
    order?: string[];
    /** Whole labels of an order's number ("Numéro de commande", "Bestellnummer"). */
    orderLabels?: string[];
    /** Documents and bookings that a number word must follow ("Rechnungs-Nr.", "Booking reference"). */
    document?: string[];
    /** Whole labels of a document's number ("Rechnungsnummer", "Bill no"). */
    documentLabels?: string[];
    /** A document's word opening a line with its number ("Invoice INV-2026-0192"). */
    heading?: string[];
    /** The words for "number" after those ("Nr.", "numéro"). */
    number?: string[];
    /** Labels of a reference ("Referenz:"). */
    reference?: string[];
    /** Labels of a travel booking's record locator ("PNR", "Buchungscode"). */
    locator?: string[];
    /** Headings of a card terminal's slip printed inside a till receipt ("Kundenbeleg", "Merchant copy"). */
    cardSlip?: string[];
    /** Labels of the slip's own numbers (trace, terminal, approval), matched at a word's start. */
    slipNumber?: string[];
  };
  /** What tells a shop's name on a printed document (candidates/merchant.ts, merchant.ts). */
  merchant: {
    /** Labels of the buyer's block ("Bill to", "Rechnungsadresse"), regular-expression alternatives. */
    buyer?: string[];
    /** Words of labels, addresses and titles that a shop's name rarely holds, regular-expression alternatives. */
    notName?: string[];
    /** What comes before a shop's name in a greeting ("Welcome to"), regular-expression alternatives. */
    invitation?: string[];
    /** Words that end a name continued on the next line ("Smith and"). */
    connectors?: string[];
    /** Labels before a seller's name ("Sold by", "Verkauft durch"), regular-expression alternatives. */
    seller?: string[];
    /** Words of a sender's display name that name a desk, not the shop ("Orders", "Kundenservice"), regular-expression alternatives. */
    senderRoles?: string[];
  };
  /** What introduces the business a payment processor's receipt paid (payee.ts), regular-expression alternatives. */
  payee: {
    /** In a sentence ("You paid $12.99 to", "Zahlung an"). */
    phrases?: string[];
    /** As a label at a line's start ("Merchant:"). */
    labels?: string[];
    /** Words after the name that end it ("for", "am"). */
    nameEnd?: string[];
  };
  /** A mail that says its invoice is attached (email.ts): the document's words and "attached", regular-expression alternatives. */
  invoiceMail: { invoice?: string[]; attached?: string[] };
  /** Words of a sentence written to the reader ("your", "merci"): never a product's name. */
  addressesReader: string[];
  /** Labels of a product row's fields (product-rows.ts), regular-expression alternatives: "Qty: 2", "Artikel: Buch". */
  productLabels: { quantity?: string[]; name?: string[] };
}

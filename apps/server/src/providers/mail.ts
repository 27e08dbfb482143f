/** A message a mail source offers for import. */
export interface MessageRef {
  id: string;
  /** What the listing already says, when it says it (Graph does; Gmail's list does not). */
  subject?: string | null;
  receivedAt?: string | null;
}

/** One page of candidates and the cursor to resume from once the page is stored. */
export interface MessagePage {
  messages: MessageRef[];
  /** Resume point after this page; the last page's cursor is the incremental cursor for the next sync. */
  cursor: string;
  /** True on the last page of this run. */
  done: boolean;
}

/** What the mailbox sync needs from a provider; only src/providers knows the wire formats. */
export interface MailSource {
  /** Pages of candidate messages: a full scan of the look-back without a cursor, the changes since it with one. */
  pages(cursor: string | null): AsyncIterable<MessagePage>;
  fetchRaw(messageId: string): Promise<Uint8Array>;
}

/**
 * Order, receipt, invoice, payment, purchase, booking and confirmation words in English, German, French,
 * Spanish, Italian and Dutch: the subjects worth fetching. Wide on purpose: a missed order costs more
 * than a fetched newsletter, and the classifier decides afterwards.
 */
export const ORDER_SUBJECT_WORDS = [
  'order',
  'receipt',
  'invoice',
  'payment',
  'purchase',
  'booking',
  'confirmation',
  'confirmed',
  'your order',
  'ride',
  'trip',
  'ticket',
  'itinerary',
  'rental',
  'subscription',
  'renewal',
  'bill',
  'bestellung',
  'rechnung',
  'quittung',
  'zahlung',
  'kauf',
  'buchung',
  'bestätigung',
  'auftrag',
  'beleg',
  'commande',
  'reçu',
  'facture',
  'paiement',
  'achat',
  'réservation',
  'pedido',
  'recibo',
  'factura',
  'pago',
  'compra',
  'reserva',
  'confirmación',
  'ordine',
  'ricevuta',
  'fattura',
  'pagamento',
  'acquisto',
  'prenotazione',
  'conferma',
  'bestelling',
  'factuur',
  'betaling',
  'aankoop',
  'boeking',
  'bevestiging',
  'kwitantie',
];

/** True when a subject holds one of the order words (client-side filter where the provider has no query). */
export function isCandidateSubject(subject: string | null | undefined): boolean {
  if (!subject) return true; // unknown: let the classifier decide
  const lower = subject.toLowerCase();
  return ORDER_SUBJECT_WORDS.some((word) => lower.includes(word));
}

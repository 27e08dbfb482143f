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

/**
 * A message as the provider sent it: RFC 822 bytes, or Gmail's JSON answer carrying them in base64url.
 * It is unwrapped (rfc822Of) where it is read, in an extraction process: a message of megabytes decoded on
 * the server's thread would hold up every other request meanwhile.
 */
export interface RawMessage {
  bytes: Uint8Array;
  wrapping: 'rfc822' | 'gmail-json';
}

/** A message as the provider sends it, still arriving: read where it is read, never gathered first. */
export interface FetchedMessage {
  body: AsyncIterable<Uint8Array>;
  wrapping: RawMessage['wrapping'];
}

/** The longest answer for a message of at most `rfc822Bytes` (Gmail's base64url in JSON is 4/3 longer). */
export function answerLimit(wrapping: RawMessage['wrapping'], rfc822Bytes: number): number {
  return wrapping === 'gmail-json' ? Math.ceil((rfc822Bytes * 4) / 3) + 64 * 1024 : rfc822Bytes;
}

/** The provider's answer for a message could not be understood: its fault, not the message's. */
export class UnreadableAnswer extends Error {
  override name = 'UnreadableAnswer';
  readonly code = 'unreadable_answer';
}

/** The RFC 822 bytes of a fetched message; UnreadableAnswer when the wrapping is not what it should be. */
export function rfc822Of(message: RawMessage): Uint8Array {
  if (message.wrapping === 'rfc822') return message.bytes;
  let answer: unknown;
  try {
    answer = JSON.parse(Buffer.from(message.bytes).toString('utf8'));
  } catch {
    throw new UnreadableAnswer('gmail answered with something unreadable');
  }
  const raw = (answer as { raw?: unknown } | null)?.raw;
  if (typeof raw !== 'string') throw new UnreadableAnswer('gmail answered a message without its raw body');
  return Buffer.from(raw, 'base64url'); // Gmail uses the URL-safe alphabet
}

/** What the mailbox sync needs from a provider; only src/providers knows the wire formats. */
export interface MailSource {
  /** Pages of candidate messages: a full scan of the look-back without a cursor, the changes since it with one. */
  pages(cursor: string | null): AsyncIterable<MessagePage>;
  fetchRaw(messageId: string): Promise<FetchedMessage>;
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

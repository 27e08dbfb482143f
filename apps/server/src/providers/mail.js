Object.defineProperty(exports, '__esModule', { value: true });
exports.ORDER_SUBJECT_WORDS = void 0;
exports.isCandidateSubject = isCandidateSubject;
/**
 * Order, receipt, invoice, payment, purchase, booking and confirmation words in English, German, French,
 * Spanish, Italian and Dutch: the subjects worth fetching. Wide on purpose: a missed order costs more
 * than a fetched newsletter, and the classifier decides afterwards.
 */
exports.ORDER_SUBJECT_WORDS = [
  'order',
  'receipt',
  'invoice',
  'payment',
  'purchase',
  'booking',
  'confirmation',
  'confirmed',
  'your order',
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
function isCandidateSubject(subject) {
  if (!subject) return true; // unknown: let the classifier decide
  var lower = subject.toLowerCase();
  return exports.ORDER_SUBJECT_WORDS.some((word) => lower.includes(word));
}

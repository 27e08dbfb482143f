/** What a message is, with the evidence for it. */
export interface Classification {
  isOrder: boolean;
  isShipping: boolean;
  signals: string[];
}

const SHIPPING_SUBJECT =
  /\b(shipped|has shipped|on (its|the) way|out for delivery|delivered|dispatched|tracking|shipment|versandt|verschickt|unterwegs|zugestellt|geliefert|expédiée?|en cours de livraison|livrée?|enviado|entregado|spedito|consegnato|verzonden|bezorgd|onderweg)\b/i;
const ORDER_SUBJECT =
  /\b(order(ed)?|receipt|invoice|purchase|payment|booking|reservation|confirmation|confirmed|your (trip|itinerary|subscription)|bestellung|rechnung|quittung|zahlung|kauf|buchung|bestätigung|commande|reçu|facture|paiement|achat|réservation|pedido|recibo|factura|pago|compra|reserva|ordine|ricevuta|fattura|pagamento|acquisto|prenotazione|conferma|bestelling|factuur|betaling|aankoop|boeking|bevestiging|e-?ticket)\b/i;
const ORDER_BODY =
  /\b(order (number|no\.?|#|id|total|summary|details|confirmation)|invoice (number|no\.?|#|date)|thank(s| you) for (your )?(order|purchase|shopping|booking|payment)|receipt (number|#|no\.?)|amount paid|total paid|grand total|order total|bestellnummer|rechnungsnummer|vielen dank für ihre bestellung|numéro de commande|merci pour votre (commande|achat)|número de pedido|gracias por tu (compra|pedido)|numero d['’]ordine|bedankt voor je bestelling|confirmation (number|code)|booking (reference|number)|(booking|reservation|order|purchase) (is|has been) confirmed|itinerary)\b/i;
const NEGATIVE: [RegExp, string, number][] = [
  // Someone asking for an order or an invoice is not a shop confirming one.
  [
    /\b(i would like to (order|buy|purchase)|i'd like to (order|buy)|please (provide|send) (me|us)|could you (please )?(send|provide|quote)|can you (please )?(send|provide|quote)|request for (a )?quot(e|ation))\b/i,
    'neg:request',
    4,
  ],
  [
    /\b(reset (your )?password|password reset|verify your (email|account)|confirm your (email|account|subscription)|sign-?in (attempt|alert)|new sign-?in|security (alert|notice)|two-factor|verification code|one-time (code|password))\b/i,
    'neg:account-notice',
    5,
  ],
  [
    /\b(delivery status notification|undeliver(able|ed)|mail delivery (failed|subsystem)|returned mail|mailer-daemon|failure notice)\b/i,
    'neg:bounce',
    6,
  ],
  [
    /\b(unsubscribe|abmelden|se désabonner|désinscri|darse de baja|cancella iscrizione|afmelden|view (this email )?in (your )?browser|newsletter|manage (your )?(email )?preferences)\b/i,
    'neg:bulk-mail',
    2,
  ],
  [
    /\b(\d{1,2}\s?% off|sale ends|limited time|shop now|deal of the day|exclusive offer|save up to|free shipping on orders|black friday|cyber monday|coupon code|promo code)\b/i,
    'neg:marketing',
    2,
  ],
  [
    /\b(statement is (ready|available)|your (monthly|account) statement|payment (reminder|due)|bill is (ready|due)|account (update|summary)|terms of service|privacy policy (update|changes))\b/i,
    'neg:account-statement',
    3,
  ],
  [
    /\b(webinar|meeting|invitation|invited you|shared (a|an) (document|file|folder)|commented on|mentioned you|friend request|lottery|winner|inheritance|viagra|casino)\b/i,
    'neg:not-commerce',
    3,
  ],
];

/**
 * Decides whether an e-mail is an order confirmation, receipt or invoice. Shipping and delivery notices,
 * newsletters and marketing (even with prices), account notices, bounces and personal mail are not.
 * No model: weighted signals, all of them reported.
 */
export function classifyEmail(input: {
  subject: string;
  body: string;
  hasStructuredOrder: boolean;
  hasStructuredShipping: boolean;
  hasTotal: boolean;
  hasOrderNumber: boolean;
  hasProducts: boolean;
  fromAddress: string;
}): Classification {
  const signals: string[] = [];
  let score = 0;
  if (input.hasStructuredOrder) {
    score += 5;
    signals.push('jsonld:Order');
  }
  if (ORDER_SUBJECT.test(input.subject)) {
    score += 2;
    signals.push('subject:order-word');
  }
  if (ORDER_BODY.test(input.body)) {
    score += 2;
    signals.push('body:order-phrase');
  }
  if (input.hasTotal) {
    score += 2;
    signals.push('label:total');
  }
  if (input.hasOrderNumber) {
    score += 2;
    signals.push('label:order-number');
  }
  if (input.hasProducts) {
    score += 1;
    signals.push('product-lines');
  }
  for (const [re, signal, weight] of NEGATIVE) {
    if (re.test(`${input.subject}\n${input.body.slice(0, 20_000)}`)) {
      score -= weight;
      signals.push(signal);
    }
  }
  if (
    /^(no-?reply|noreply|notifications?|alerts?|security|account)@/i.test(input.fromAddress) &&
    !input.hasStructuredOrder
  ) {
    signals.push('from:notification-address');
  }
  const isShipping =
    input.hasStructuredShipping ||
    (SHIPPING_SUBJECT.test(input.subject) &&
      !/\b(confirm|receipt|invoice|thank you for your order)\b/i.test(input.subject));
  if (isShipping) signals.push('shipping-notice');
  const isOrder = !isShipping && score >= 5 && (input.hasTotal || input.hasStructuredOrder);
  return { isOrder, isShipping, signals };
}

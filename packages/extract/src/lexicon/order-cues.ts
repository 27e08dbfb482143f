/**
 * The words that say what kind of message or document something is: an order (or invoice, receipt,
 * booking), or one of the things that look like one without being one (a refund, a shipping notice, a card
 * alert, a newsletter, an account notice, a bounce, a request). One list per cue family and language, as
 * phrases of at most five words, written lower case without accents (matched on text normalised the same
 * way). No weights here: each family is one binary feature of the order classifier (fields/is-order.ts),
 * whose weights are learned.
 */

export type CueFamily =
  | 'order'
  | 'refund'
  | 'shipping'
  | 'card'
  | 'marketing'
  | 'account'
  | 'bounce'
  | 'request';

export const CUE_FAMILIES: readonly CueFamily[] = [
  'order',
  'refund',
  'shipping',
  'card',
  'marketing',
  'account',
  'bounce',
  'request',
];

export type CueLanguage = 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'pt';

export const ORDER_CUES: Record<CueLanguage, Record<CueFamily, string[]>> = {
  en: {
    order: [
      'order number', 'order no', 'order id', 'order confirmation', 'order summary', 'order details',
      'order total', 'order date', 'your order', 'thank you for your order', 'thanks for your order',
      'thank you for your purchase', 'thanks for your purchase', 'thank you for shopping',
      'thank you for your booking', 'invoice number', 'invoice no', 'invoice date', 'tax invoice',
      'receipt number', 'receipt no', 'your receipt', 'booking reference', 'booking number',
      'booking confirmation', 'reservation number', 'confirmation number', 'confirmation code',
      'itinerary', 'amount paid', 'total paid', 'grand total', 'payment received', 'order placed',
      'purchase confirmation', 'billed to', 'bill to', 'sold by', 'qty', 'unit price', 'subtotal',
    ],
    refund: [
      'refund', 'refunded', 'your refund', 'refund issued', 'refund has been', 'return request',
      'return label', 'your return', 'return received', 'returned item', 'return authorization',
      'rma number', 'credit note', 'credit memo', 'has been credited', 'money back', 'reimbursement',
      'store credit', 'order cancelled', 'order canceled', 'cancellation confirmed', 'chargeback',
    ],
    shipping: [
      'has shipped', 'have shipped', 'shipped', 'on its way', 'on the way', 'out for delivery',
      'delivered', 'was delivered', 'has been delivered', 'dispatched', 'tracking number', 'track your',
      'track package', 'shipment', 'parcel', 'package', 'courier', 'delivery attempt',
      'estimated delivery', 'arriving', 'in transit', 'pick up point', 'collection point',
    ],
    card: [
      'card ending', 'card ending in', 'a charge of', 'transaction alert', 'purchase alert',
      'was charged to your card', 'was made on your card', 'card transaction', 'debit card',
      'credit card', 'available balance', 'account balance', 'direct debit', 'bank transfer',
      'payment to', 'transaction of', 'if you did not make this', 'if this was not you',
      'spending alert', 'authorisation', 'authorization', 'declined', 'statement is ready',
    ],
    marketing: [
      'unsubscribe', 'newsletter', 'view in browser', 'view this email in your browser',
      'manage preferences', 'email preferences', 'shop now', 'off everything', 'sale ends',
      'limited time', 'deal of the day', 'exclusive offer', 'save up to', 'promo code', 'coupon code',
      'discount code', 'black friday', 'cyber monday', 'new arrivals', 'best sellers', 'don t miss',
      'free shipping on orders', 'special offer', 'our latest',
    ],
    account: [
      'reset your password', 'password reset', 'verify your email', 'verify your account',
      'confirm your email', 'confirm your account', 'sign in attempt', 'new sign in', 'security alert',
      'security notice', 'two factor', 'verification code', 'one time code', 'one time password',
      'welcome to', 'your account', 'account update', 'privacy policy', 'terms of service',
      'subscription renews', 'login', 'log in',
    ],
    bounce: [
      'delivery status notification', 'undeliverable', 'undelivered mail', 'mail delivery failed',
      'mail delivery subsystem', 'returned mail', 'mailer daemon', 'failure notice', 'delivery failure',
      'could not be delivered', 'postmaster',
    ],
    request: [
      'i would like to order', 'i would like to buy', 'i d like to order', 'please send me',
      'please provide', 'could you please send', 'can you send', 'request for quotation',
      'request for a quote', 'quote request', 'purchase request', 'please quote', 'let me know',
    ],
  },
  de: {
    order: [
      'bestellnummer', 'bestellung', 'ihre bestellung', 'deine bestellung', 'bestellbestatigung',
      'vielen dank fur ihre bestellung', 'danke fur deine bestellung', 'danke fur ihren einkauf',
      'rechnung', 'rechnungsnummer', 'rechnungsdatum', 'quittung', 'kassenbon', 'kassenbeleg',
      'auftragsnummer', 'auftragsbestatigung', 'buchungsnummer', 'buchungsbestatigung', 'buchung',
      'gesamtbetrag', 'gesamtsumme', 'zwischensumme', 'summe', 'bezahlt', 'menge', 'einzelpreis',
      'bestelldatum', 'zahlungsbestatigung',
    ],
    refund: [
      'erstattung', 'ruckerstattung', 'erstattet', 'gutschrift', 'ruckgabe', 'rucksendung',
      'rucksendeetikett', 'retoure', 'retourenschein', 'storniert', 'stornierung', 'widerruf',
      'geld zuruck', 'wurde gutgeschrieben',
    ],
    shipping: [
      'versandt', 'verschickt', 'unterwegs', 'zugestellt', 'geliefert', 'zustellung', 'sendung',
      'sendungsnummer', 'sendungsverfolgung', 'paket', 'paketshop', 'versandbestatigung',
      'voraussichtliche lieferung', 'lieferung', 'zusteller', 'packstation',
    ],
    card: [
      'karte endend auf', 'kreditkarte', 'debitkarte', 'kartenzahlung', 'umsatz', 'kontostand',
      'lastschrift', 'uberweisung', 'abbuchung', 'belastung', 'kontoauszug', 'falls sie diese zahlung',
      'nicht von ihnen', 'transaktion',
    ],
    marketing: [
      'abmelden', 'newsletter abbestellen', 'im browser anzeigen', 'jetzt shoppen', 'jetzt kaufen',
      'angebot', 'angebote', 'rabatt', 'rabattcode', 'gutscheincode', 'nur fur kurze zeit', 'sale',
      'neuheiten', 'sparen sie', 'versandkostenfrei ab',
    ],
    account: [
      'passwort zurucksetzen', 'passwort', 'konto bestatigen', 'e mail adresse bestatigen',
      'anmeldung', 'neue anmeldung', 'sicherheitshinweis', 'bestatigungscode', 'willkommen',
      'ihr konto', 'dein konto', 'datenschutz', 'nutzungsbedingungen',
    ],
    bounce: ['unzustellbar', 'konnte nicht zugestellt werden', 'zustellung fehlgeschlagen'],
    request: [
      'ich mochte bestellen', 'ich mochte kaufen', 'bitte senden sie', 'bitte schicken sie',
      'angebotsanfrage', 'bitte um ein angebot', 'konnten sie mir',
    ],
  },
  fr: {
    order: [
      'numero de commande', 'votre commande', 'commande', 'confirmation de commande',
      'merci pour votre commande', 'merci pour votre achat', 'merci de votre commande', 'facture',
      'numero de facture', 'date de facture', 'recu', 'ticket de caisse', 'reservation',
      'numero de reservation', 'confirmation de reservation', 'montant total', 'total ttc',
      'total ht', 'sous total', 'montant paye', 'quantite', 'prix unitaire', 'date de commande',
    ],
    refund: [
      'remboursement', 'rembourse', 'remboursee', 'avoir', 'retour', 'votre retour',
      'etiquette de retour', 'demande de retour', 'annulation', 'commande annulee', 'credite',
    ],
    shipping: [
      'expedie', 'expediee', 'en cours de livraison', 'livre', 'livree', 'livraison', 'colis',
      'numero de suivi', 'suivre votre colis', 'suivi', 'transporteur', 'point relais',
      'livraison prevue', 'en transit',
    ],
    card: [
      'carte se terminant par', 'carte bancaire', 'paiement par carte', 'solde', 'prelevement',
      'virement', 'operation', 'debit', 'releve de compte', 'si vous n etes pas a l origine',
      'alerte', 'transaction',
    ],
    marketing: [
      'se desabonner', 'desinscription', 'desinscrire', 'newsletter', 'voir dans le navigateur',
      'offre', 'offres', 'promo', 'code promo', 'soldes', 'jusqu a', 'achetez maintenant',
      'nouveautes', 'livraison offerte des',
    ],
    account: [
      'reinitialiser votre mot de passe', 'mot de passe', 'confirmer votre adresse',
      'verifier votre compte', 'nouvelle connexion', 'connexion', 'code de verification',
      'bienvenue', 'votre compte', 'alerte de securite', 'conditions generales',
    ],
    bounce: ['non remis', 'message non delivre', 'echec de la remise', 'n a pas pu etre remis'],
    request: [
      'je voudrais commander', 'je souhaiterais commander', 'je souhaite acheter',
      'pourriez vous m envoyer', 'merci de m envoyer', 'demande de devis', 'devis',
    ],
  },
  es: {
    order: [
      'numero de pedido', 'tu pedido', 'su pedido', 'pedido', 'confirmacion de pedido',
      'gracias por tu pedido', 'gracias por su pedido', 'gracias por tu compra', 'gracias por su compra',
      'factura', 'numero de factura', 'fecha de factura', 'recibo', 'ticket', 'reserva',
      'numero de reserva', 'confirmacion de reserva', 'localizador', 'importe total', 'total pagado',
      'subtotal', 'cantidad', 'precio unitario', 'fecha del pedido',
    ],
    refund: [
      'reembolso', 'reembolsado', 'devolucion', 'tu devolucion', 'etiqueta de devolucion',
      'solicitud de devolucion', 'abono', 'nota de credito', 'cancelado', 'cancelacion',
      'pedido cancelado',
    ],
    shipping: [
      'enviado', 'ha sido enviado', 'en camino', 'en reparto', 'entregado', 'entrega', 'paquete',
      'envio', 'numero de seguimiento', 'seguimiento', 'transportista', 'llegara', 'en transito',
    ],
    card: [
      'tarjeta terminada en', 'tarjeta acabada en', 'cargo de', 'se ha realizado un cargo', 'saldo',
      'transferencia', 'domiciliacion', 'movimiento', 'compra con tarjeta', 'si no reconoces',
      'alerta', 'operacion', 'transaccion',
    ],
    marketing: [
      'darse de baja', 'darte de baja', 'cancelar suscripcion', 'boletin', 'ver en el navegador',
      'oferta', 'ofertas', 'descuento', 'codigo promocional', 'rebajas', 'compra ahora', 'novedades',
      'envio gratis', 'hasta un',
    ],
    account: [
      'restablecer tu contrasena', 'contrasena', 'verifica tu cuenta', 'confirma tu correo',
      'nuevo inicio de sesion', 'inicio de sesion', 'codigo de verificacion', 'bienvenido',
      'bienvenida', 'te damos la bienvenida', 'tu cuenta', 'alerta de seguridad',
    ],
    bounce: ['no se pudo entregar', 'mensaje no entregado', 'error de entrega'],
    request: [
      'quisiera pedir', 'me gustaria comprar', 'me gustaria pedir', 'podrian enviarme',
      'por favor envienme', 'solicitud de presupuesto', 'presupuesto',
    ],
  },
  it: {
    order: [
      'numero d ordine', 'numero ordine', 'il tuo ordine', 'ordine', 'conferma d ordine',
      'conferma ordine', 'grazie per il tuo ordine', 'grazie per il tuo acquisto', 'grazie per l acquisto',
      'fattura', 'numero fattura', 'data fattura', 'ricevuta', 'scontrino', 'prenotazione',
      'numero di prenotazione', 'conferma di prenotazione', 'importo totale', 'totale pagato',
      'totale', 'subtotale', 'quantita', 'prezzo unitario', 'data ordine',
    ],
    refund: [
      'rimborso', 'rimborsato', 'reso', 'il tuo reso', 'etichetta di reso', 'richiesta di reso',
      'nota di credito', 'annullato', 'annullamento', 'ordine annullato', 'accredito',
    ],
    shipping: [
      'spedito', 'e stato spedito', 'in consegna', 'consegnato', 'consegna', 'pacco', 'spedizione',
      'numero di tracciamento', 'tracciamento', 'corriere', 'in transito', 'arrivera',
    ],
    card: [
      'carta che termina con', 'carta terminante', 'addebito', 'addebitato', 'saldo', 'bonifico',
      'movimento', 'pagamento con carta', 'se non hai effettuato', 'avviso', 'transazione',
      'estratto conto',
    ],
    marketing: [
      'annulla iscrizione', 'cancella iscrizione', 'disiscriviti', 'newsletter',
      'visualizza nel browser', 'offerta', 'offerte', 'sconto', 'codice sconto', 'saldi',
      'acquista ora', 'novita', 'spedizione gratuita',
    ],
    account: [
      'reimposta la password', 'password', 'verifica il tuo account', 'conferma la tua email',
      'nuovo accesso', 'accesso', 'codice di verifica', 'benvenuto', 'benvenuta', 'il tuo account',
      'avviso di sicurezza',
    ],
    bounce: ['impossibile recapitare', 'messaggio non recapitato', 'mancato recapito'],
    request: [
      'vorrei ordinare', 'vorrei acquistare', 'potreste inviarmi', 'vi prego di inviare',
      'richiesta di preventivo', 'preventivo',
    ],
  },
  nl: {
    order: [
      'bestelnummer', 'je bestelling', 'uw bestelling', 'bestelling', 'orderbevestiging',
      'bedankt voor je bestelling', 'bedankt voor uw bestelling', 'bedankt voor je aankoop', 'factuur',
      'factuurnummer', 'factuurdatum', 'bon', 'kassabon', 'ontvangstbewijs', 'boeking', 'boekingsnummer',
      'reservering', 'reserveringsnummer', 'totaalbedrag', 'totaal', 'subtotaal', 'betaald', 'aantal',
      'stukprijs', 'besteldatum',
    ],
    refund: [
      'terugbetaling', 'terugbetaald', 'restitutie', 'retour', 'retourlabel', 'je retour',
      'retourzending', 'creditnota', 'geannuleerd', 'annulering', 'gecrediteerd',
    ],
    shipping: [
      'verzonden', 'onderweg', 'bezorgd', 'bezorging', 'pakket', 'zending', 'track en trace',
      'volgnummer', 'bezorger', 'afhaalpunt', 'verwachte bezorging',
    ],
    card: [
      'kaart eindigend op', 'creditcard', 'betaalpas', 'afschrijving', 'saldo', 'overboeking',
      'incasso', 'transactie', 'rekeningafschrift', 'als u dit niet was', 'melding',
    ],
    marketing: [
      'afmelden', 'uitschrijven', 'nieuwsbrief', 'bekijk in je browser', 'aanbieding',
      'aanbiedingen', 'korting', 'kortingscode', 'uitverkoop', 'shop nu', 'nieuw binnen',
      'gratis verzending vanaf',
    ],
    account: [
      'wachtwoord opnieuw instellen', 'wachtwoord', 'bevestig je e mailadres', 'verifieer je account',
      'nieuwe aanmelding', 'inloggen', 'verificatiecode', 'welkom', 'je account', 'uw account',
      'beveiligingsmelding',
    ],
    bounce: ['onbestelbaar', 'kon niet worden afgeleverd', 'bezorging mislukt'],
    request: [
      'ik wil graag bestellen', 'ik zou graag willen bestellen', 'kunt u mij', 'graag een offerte',
      'offerteaanvraag', 'offerte',
    ],
  },
  pt: {
    order: [
      'numero do pedido', 'numero da encomenda', 'o seu pedido', 'seu pedido', 'a sua encomenda',
      'pedido', 'encomenda', 'confirmacao do pedido', 'confirmacao da encomenda',
      'obrigado pelo seu pedido', 'obrigado pela sua compra', 'obrigado pela sua encomenda', 'fatura',
      'factura', 'numero da fatura', 'nota fiscal', 'recibo', 'talao', 'reserva', 'numero da reserva',
      'valor total', 'total pago', 'subtotal', 'quantidade', 'preco unitario', 'data do pedido',
    ],
    refund: [
      'reembolso', 'reembolsado', 'devolucao', 'a sua devolucao', 'etiqueta de devolucao',
      'pedido de devolucao', 'nota de credito', 'estorno', 'cancelado', 'cancelamento',
      'encomenda cancelada', 'creditado',
    ],
    shipping: [
      'enviado', 'enviada', 'a caminho', 'em transito', 'entregue', 'entrega', 'encomenda enviada',
      'pacote', 'envio', 'codigo de rastreio', 'rastreio', 'rastreamento', 'transportadora',
      'saiu para entrega',
    ],
    card: [
      'cartao terminado em', 'cartao final', 'compra no cartao', 'debito', 'saldo', 'transferencia',
      'movimento', 'se nao reconhece', 'alerta', 'transacao', 'extrato',
    ],
    marketing: [
      'cancelar subscricao', 'descadastrar', 'cancelar inscricao', 'newsletter', 'ver no navegador',
      'oferta', 'ofertas', 'desconto', 'cupom', 'codigo promocional', 'promocao', 'compre agora',
      'novidades', 'portes gratis',
    ],
    account: [
      'redefinir a sua senha', 'redefinir sua senha', 'senha', 'palavra passe', 'confirme o seu email',
      'verifique a sua conta', 'novo inicio de sessao', 'codigo de verificacao', 'bem vindo',
      'bem vinda', 'a sua conta', 'sua conta', 'alerta de seguranca',
    ],
    bounce: ['nao foi possivel entregar', 'mensagem nao entregue', 'falha na entrega da mensagem'],
    request: [
      'gostaria de encomendar', 'gostaria de comprar', 'podem enviar me', 'poderiam enviar',
      'pedido de orcamento', 'orcamento',
    ],
  },
};

/**
 * A subject that announces a shipment or a delivery (every language above): with none of
 * SHIPPING_SUBJECT_EXCEPT, the message is a shipping update (fields/is-order.ts#isShippingNotice).
 */
export const SHIPPING_SUBJECT: readonly string[] = [
  // en
  'shipped', 'has shipped', 'on its way', 'on the way', 'out for delivery', 'delivered', 'dispatched',
  'tracking', 'shipment',
  // de
  'versandt', 'verschickt', 'unterwegs', 'zugestellt', 'geliefert',
  // fr
  'expedie', 'expediee', 'en cours de livraison', 'livre', 'livree',
  // es
  'enviado', 'entregado', 'en camino',
  // it
  'spedito', 'consegnato',
  // nl
  'verzonden', 'bezorgd', 'onderweg',
  // pt
  'enviada', 'entregue', 'a caminho',
];

/** Words that make a shipping-looking subject an order's own confirmation or receipt. */
export const SHIPPING_SUBJECT_EXCEPT: readonly string[] = ['confirm', 'receipt', 'invoice', 'thank you for your order'];

import { describe, expect, it } from 'vitest';
import { extractionFromDoc } from '../document';
import { extractEmail } from '../email';
import { readText } from '../readers/text';
import { cueFamilies, isShippingNotice, ORDER_MODEL, orderCandidates } from './is-order';

/** A plain-text message as a mail client sends it. */
const mail = (from: string, subject: string, body: string) =>
  [
    `From: ${from}`,
    'To: sam.reader@example.net',
    `Subject: ${subject}`,
    'Date: Tue, 06 May 2025 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    body,
  ].join('\r\n');

const isOrder = async (from: string, subject: string, body: string) =>
  (await extractEmail(mail(from, subject, body))).is_order;

/** A printed document (a PDF's text) as the extractor reads it. */
const printed = (text: string) => extractionFromDoc(readText(text).doc, false, 1);

describe('the order classifier', () => {
  it('has committed weights over more than the "none" column', () => {
    expect(ORDER_MODEL.field).toBe('is_order');
    expect(ORDER_MODEL.names.length).toBeGreaterThan(5);
  });

  it('chooses between two candidates, "order" with the features and "none"', () => {
    const candidates = orderCandidates({
      subject: 'Thank you for your order',
      sender: { name: 'Shop', address: 'orders@shop.example' },
      lines: ['Order number: 4471', '1 x Kettle 19.99', 'Total 19.99'],
      evidence: { total: null, orderNumber: true, products: 1, date: false },
      structured: null,
    });
    expect(candidates.map((c) => c.value)).toEqual(['order', null]);
    expect(candidates[0]?.features).toMatchObject({
      'cue:s:order': 1,
      'cue:order': 1,
      'doc:order-number': 1,
    });
    expect(candidates[1]?.features).toEqual({ none: 1 });
  });

  it('finds cue families in any of its languages, accents and case aside', () => {
    expect(cueFamilies('Ihre RÜCKERSTATTUNG wurde veranlasst')).toContain('refund');
    expect(cueFamilies('Cartão terminado em 5521')).toContain('card');
    expect(cueFamilies('Se désabonner de nos offres')).toContain('marketing');
    expect(cueFamilies('Numéro de commande 88')).toContain('order');
    expect(cueFamilies('Nothing here at all')).toEqual([]);
  });

  it('reads a shipping subject as a shipping update, unless it confirms the order', () => {
    expect(isShippingNotice('Il tuo ordine è stato spedito', null)).toBe(true);
    expect(isShippingNotice('Order confirmation and receipt: shipped items', null)).toBe(false);
    expect(isShippingNotice('Anything', 'parcel')).toBe(true);
  });
});

describe('what is not an order', () => {
  it('refunds and returns, in several languages', async () => {
    expect(
      await isOrder(
        'Wildrose Garden Supply <help@wildrose.example>',
        'Refund processed for order WG-66102',
        'Hello Sam,\n\nWe received the watering can you sent back and refunded $27.40 to your Mastercard ending 9012.\nOrder: WG-66102\nRefund total: $27.40\n\nIt can take up to 7 days to show on your statement.\n\nWildrose Garden Supply',
      ),
    ).toBe(false);
    expect(
      await isOrder(
        'Teehaus Nordlicht <kundenservice@nordlicht-tee.example>',
        'Gutschrift zu Ihrer Rücksendung',
        'Guten Tag,\n\nIhre Rücksendung ist bei uns eingegangen. Für Bestellung 55013 erstatten wir 18,50 EUR\nauf Ihr Konto.\n\nRückerstattung: 18,50 EUR\n\nViele Grüße\nTeehaus Nordlicht',
      ),
    ).toBe(false);
    expect(
      await isOrder(
        'Calzados Brisa <clientes@brisa.example>',
        'Tu devolución ha sido aceptada',
        'Hola Sam:\n\nHemos aceptado la devolución de las zapatillas del pedido BR-3390.\nTe reembolsaremos 45,00 € en tu tarjeta en los próximos días.\n\nCalzados Brisa',
      ),
    ).toBe(false);
  });

  it('shipping-only notices, which are shipping updates', async () => {
    const nl = await extractEmail(
      mail(
        'Snelpost <noreply@snelpost.example>',
        'Je zending is onderweg',
        'Hallo,\n\nJe pakket van Tuincentrum Groen wordt vandaag bezorgd tussen 14:00 en 16:00.\nVolgnummer: 3SNP99887766\n\nSnelpost',
      ),
    );
    expect(nl.is_order).toBe(false);
    expect(nl.email?.is_shipping_update).toBe(true);
    expect(
      await isOrder(
        'Expresso Entregas <avisos@expresso.example>',
        'A sua encomenda foi entregue',
        'Olá,\n\nA sua encomenda da loja Sabores do Minho foi entregue hoje às 11:42.\nCódigo de rastreio: EX123400PT\n\nObrigado por usar a Expresso Entregas.',
      ),
    ).toBe(false);
  });

  it('bank card alerts, in several languages', async () => {
    expect(
      await isOrder(
        'Riverbend Bank <alerts@riverbend.example>',
        'Card transaction alert',
        'A purchase of $61.25 was made on your credit card ending in 3390 at LAKESIDE MARKET on 05/06/2025.\n\nIf this was not you, call us at 1-800-000-0000.',
      ),
    ).toBe(false);
    expect(
      await isOrder(
        'Crédit des Alpes <notification@creditalpes.example>',
        'Paiement avec votre carte',
        'Bonjour,\n\nUn paiement de 14,90 EUR a été débité sur votre carte se terminant par 8814 chez PHARMACIE DU LAC.\nSolde disponible : 1 020,00 EUR\n\nSi vous n’êtes pas à l’origine de cette opération, contactez-nous.',
      ),
    ).toBe(false);
    expect(
      await isOrder(
        'Banca del Lago <notifiche@bancalago.example>',
        'Addebito sulla tua carta',
        'Ti informiamo che sulla carta che termina con 2207 è stato addebitato un importo di 9,80 EUR presso BAR CENTRALE.\nSe non riconosci questo movimento chiama il numero verde.',
      ),
    ).toBe(false);
  });

  it('newsletters with prices, in several languages', async () => {
    expect(
      await isOrder(
        'Bergsport Huber <news@bergsport-huber.example>',
        'Nur dieses Wochenende: 25 % auf Wanderschuhe',
        'Im Browser anzeigen\n\nWanderschuh Alpin GTX   179,00 €  jetzt 134,25 €\nTrekkingstöcke Carbon    89,00 €  jetzt 66,75 €\n\nMit dem Code BERG25 im Warenkorb. Versandkostenfrei ab 50 €.\n\nNewsletter abbestellen',
      ),
    ).toBe(false);
    expect(
      await isOrder(
        'Vinos Altamira <boletin@altamira.example>',
        'Nuevas añadas y ofertas de temporada',
        'Ver en el navegador\n\nTinto Crianza 2020 ........ 11,50 €\nBlanco Verdejo 2023 ....... 8,90 €\n\nEnvío gratis a partir de 6 botellas. Código promocional: VENDIMIA\n\nDarse de baja',
      ),
    ).toBe(false);
  });

  it('a printed refund slip', () => {
    expect(
      printed(
        'CORNER PHARMACY\n12 High Street\n\nREFUND\nDate 03/05/2025\nVitamin C tablets   -7.99\nREFUND TOTAL        -7.99\nRefunded to card ****1184',
      ).is_order,
    ).toBe(false);
  });
});

describe('what is an order', () => {
  it('an order confirmation without a total', async () => {
    expect(
      await isOrder(
        'Papeterie Lumière <commandes@papeterie-lumiere.example>',
        'Confirmation de votre commande n° PL-20417',
        'Bonjour Sam,\n\nMerci pour votre commande ! Nous la préparons avec soin.\n\nNuméro de commande : PL-20417\nDate de commande : 06/05/2025\n\nCarnet pointillé A5         2\nStylo plume bleu nuit       1\n\nVous recevrez un e-mail dès son expédition.',
      ),
    ).toBe(true);
  });

  it('a printed invoice listing products without a total', () => {
    const invoice = printed(
      'Atelier Kovač d.o.o.\nInvoice number: INV-2025-0192\nInvoice date: 02/05/2025\nBill to: Sam Reader\n\nDescription                 Qty   Unit price   Amount\nOak shelf, 80 cm              2       45.00      90.00\nWall brackets, steel          4        6.50      26.00\n\nPayment within 14 days to the account below.',
    );
    expect(invoice.is_order).toBe(true);
  });

  it('an order confirmation in Portuguese and one in Italian', async () => {
    expect(
      await isOrder(
        'Livraria Horizonte <encomendas@livrariahorizonte.example>',
        'Confirmação da sua encomenda 7781',
        'Olá Sam,\n\nObrigado pela sua encomenda!\n\nNúmero da encomenda: 7781\nData: 06/05/2025\n\nO Mar Interior (capa mole)     1     16,90 €\nMarcador de livros             2      3,00 €\n\nTotal pago: 19,90 €\n\nLivraria Horizonte',
      ),
    ).toBe(true);
    expect(
      await isOrder(
        'Pasticceria Dolce Riva <ordini@dolceriva.example>',
        'Conferma del tuo ordine n. DR-5120',
        'Ciao Sam,\n\ngrazie per il tuo acquisto!\n\nNumero ordine: DR-5120\nData ordine: 06/05/2025\n\nPanettone classico 1 kg     1    28,00 €\nCantucci alle mandorle      2    12,00 €\n\nTotale: 40,00 €\n\nPasticceria Dolce Riva',
      ),
    ).toBe(true);
  });
});

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { einvoiceIn, parseEInvoice, toAmount } from './einvoice';
import { extractEmail } from './email';
import { LIMITS } from './limits';
import { extractPdf } from './pdf';

const CII_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM_NS = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const UDT_NS = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';
const UBL_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const CAC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** A Factur-X (CII D16B) invoice written with the given prefixes for its three namespaces. */
function cii(p: { rsm: string; ram: string; udt: string }, overrides: { id?: string; seller?: string } = {}) {
  const [rsm, ram, udt] = [p.rsm, p.ram, p.udt].map((prefix) => (prefix ? `${prefix}:` : ''));
  const xmlns = (prefix: string, ns: string) => (prefix ? ` xmlns:${prefix}="${ns}"` : ` xmlns="${ns}"`);
  const line = (id: number, name: string, quantity: string, amount: string) => `
    <${ram}IncludedSupplyChainTradeLineItem>
      <${ram}AssociatedDocumentLineDocument><${ram}LineID>${id}</${ram}LineID></${ram}AssociatedDocumentLineDocument>
      <${ram}SpecifiedTradeProduct><${ram}Name>${name}</${ram}Name></${ram}SpecifiedTradeProduct>
      <${ram}SpecifiedLineTradeDelivery><${ram}BilledQuantity unitCode="C62">${quantity}</${ram}BilledQuantity></${ram}SpecifiedLineTradeDelivery>
      <${ram}SpecifiedLineTradeSettlement>
        <${ram}SpecifiedTradeSettlementLineMonetarySummation><${ram}LineTotalAmount>${amount}</${ram}LineTotalAmount></${ram}SpecifiedTradeSettlementLineMonetarySummation>
      </${ram}SpecifiedLineTradeSettlement>
    </${ram}IncludedSupplyChainTradeLineItem>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${rsm}CrossIndustryInvoice${xmlns(p.rsm, CII_NS)}${p.ram !== p.rsm ? xmlns(p.ram, RAM_NS) : ''}${p.udt !== p.rsm && p.udt !== p.ram ? xmlns(p.udt, UDT_NS) : ''}>
  <${rsm}ExchangedDocumentContext>
    <${ram}GuidelineSpecifiedDocumentContextParameter><${ram}ID>urn:cen.eu:en16931:2017</${ram}ID></${ram}GuidelineSpecifiedDocumentContextParameter>
  </${rsm}ExchangedDocumentContext>
  <${rsm}ExchangedDocument>
    ${overrides.id === '' ? '' : `<${ram}ID>${overrides.id ?? 'RE-2025-0042'}</${ram}ID>`}
    <${ram}TypeCode>380</${ram}TypeCode>
    <${ram}IssueDateTime><${udt}DateTimeString format="102">20250314</${udt}DateTimeString></${ram}IssueDateTime>
  </${rsm}ExchangedDocument>
  <${rsm}SupplyChainTradeTransaction>${line(1, 'Espressomaschine Barista Pro', '1.0000', '1050.00')}${line(2, 'Entkalker &amp; Pflege-Set', '2', '41.597')}
    <${ram}ApplicableHeaderTradeAgreement>
      <${ram}BuyerReference>04011000-12345-34</${ram}BuyerReference>
      <${ram}SellerTradeParty><${ram}Name>${overrides.seller ?? 'Kaffee &amp; Co. GmbH'}</${ram}Name></${ram}SellerTradeParty>
      <${ram}BuyerTradeParty><${ram}Name>Erika Mustermann</${ram}Name></${ram}BuyerTradeParty>
    </${ram}ApplicableHeaderTradeAgreement>
    <${ram}ApplicableHeaderTradeSettlement>
      <${ram}InvoiceCurrencyCode>EUR</${ram}InvoiceCurrencyCode>
      <${ram}SpecifiedTradeSettlementHeaderMonetarySummation>
        <${ram}LineTotalAmount>1091.60</${ram}LineTotalAmount>
        <${ram}TaxBasisTotalAmount>1091.60</${ram}TaxBasisTotalAmount>
        <${ram}TaxTotalAmount currencyID="EUR">207.40</${ram}TaxTotalAmount>
        <${ram}GrandTotalAmount>1299</${ram}GrandTotalAmount>
        <${ram}DuePayableAmount>1299.00</${ram}DuePayableAmount>
      </${ram}SpecifiedTradeSettlementHeaderMonetarySummation>
    </${ram}ApplicableHeaderTradeSettlement>
  </${rsm}SupplyChainTradeTransaction>
</${rsm}CrossIndustryInvoice>`;
}

/** A UBL 2.1 invoice (XRechnung UBL) with the given prefixes; '' puts that namespace as the default. */
function ubl(p: { root: string; cac: string; cbc: string }, kind: 'Invoice' | 'CreditNote' = 'Invoice') {
  const [root, cac, cbc] = [p.root, p.cac, p.cbc].map((prefix) => (prefix ? `${prefix}:` : ''));
  const ns = kind === 'Invoice' ? UBL_NS : 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
  const xmlns = (prefix: string, uri: string) => (prefix ? ` xmlns:${prefix}="${uri}"` : ` xmlns="${uri}"`);
  const line = kind === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantity = kind === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root}${kind}${xmlns(p.root, ns)}${xmlns(p.cac, CAC_NS)}${xmlns(p.cbc, CBC_NS)}>
  <${cbc}CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</${cbc}CustomizationID>
  <${cbc}ID>INV-77/2025</${cbc}ID>
  <${cbc}IssueDate>2025-02-28</${cbc}IssueDate>
  <${cbc}DocumentCurrencyCode>EUR</${cbc}DocumentCurrencyCode>
  <${cac}AccountingSupplierParty><${cac}Party>
    <${cac}PartyName><${cbc}Name>Fahrradladen Nord</${cbc}Name></${cac}PartyName>
    <${cac}PartyLegalEntity><${cbc}RegistrationName>Fahrradladen Nord GmbH</${cbc}RegistrationName></${cac}PartyLegalEntity>
  </${cac}Party></${cac}AccountingSupplierParty>
  <${cac}AccountingCustomerParty><${cac}Party>
    <${cac}PartyLegalEntity><${cbc}RegistrationName>Max Kunde</${cbc}RegistrationName></${cac}PartyLegalEntity>
  </${cac}Party></${cac}AccountingCustomerParty>
  <${cac}LegalMonetaryTotal>
    <${cbc}LineExtensionAmount currencyID="EUR">840.34</${cbc}LineExtensionAmount>
    <${cbc}TaxExclusiveAmount currencyID="EUR">840.34</${cbc}TaxExclusiveAmount>
    <${cbc}TaxInclusiveAmount currencyID="EUR">1000.00</${cbc}TaxInclusiveAmount>
    <${cbc}PayableAmount currencyID="EUR">1000.00</${cbc}PayableAmount>
  </${cac}LegalMonetaryTotal>
  <${cac}${line}>
    <${cbc}ID>1</${cbc}ID>
    <${cbc}${quantity} unitCode="C62">1</${cbc}${quantity}>
    <${cbc}LineExtensionAmount currencyID="EUR">840.34</${cbc}LineExtensionAmount>
    <${cac}Item><${cbc}Name>Trekkingrad 28 Zoll</${cbc}Name></${cac}Item>
  </${cac}${line}>
</${root}${kind}>`;
}

/** What every euro invoice of these tests reads as besides its own fields. */
const invoiceIn = (origin: 'cii' | 'ubl') =>
  ({ type: 'Invoice', origin, isCreditNote: false, currency: 'EUR', relatedOrderIds: [] }) as const;

const FACTUR_X = cii({ rsm: 'rsm', ram: 'ram', udt: 'udt' });
const XRECHNUNG_UBL = ubl({ root: 'ubl', cac: 'cac', cbc: 'cbc' });

describe('parseEInvoice', () => {
  it.each([
    {
      format: 'CII (Factur-X)',
      xml: FACTUR_X,
      read: {
        ...invoiceIn('cii'),
        merchant: 'Kaffee & Co. GmbH',
        orderId: 'RE-2025-0042',
        date: '2025-03-14',
        total: '1299.00',
        products: [
          { name: 'Espressomaschine Barista Pro', quantity: 1, price: '1050.00', url: null },
          { name: 'Entkalker & Pflege-Set', quantity: 2, price: '41.60', url: null },
        ],
      },
    },
    {
      // The legal seller name (PartyLegalEntity) over the trading name.
      format: 'UBL (XRechnung)',
      xml: XRECHNUNG_UBL,
      read: {
        ...invoiceIn('ubl'),
        merchant: 'Fahrradladen Nord GmbH',
        orderId: 'INV-77/2025',
        date: '2025-02-28',
        total: '1000.00',
        products: [{ name: 'Trekkingrad 28 Zoll', quantity: 1, price: '840.34', url: null }],
      },
    },
  ])('reads seller, number, date, total, currency and the line items of $format', ({ xml, read }) => {
    expect(parseEInvoice(xml)).toEqual(read);
  });
});

describe('parseEInvoice on CII (Factur-X, ZUGFeRD, XRechnung CII)', () => {
  it('reads the same whatever the namespace prefixes, the default namespace included', () => {
    const expected = parseEInvoice(FACTUR_X);
    expect(parseEInvoice(cii({ rsm: 'inv', ram: 'a', udt: 'b' }))).toEqual(expected);
    expect(parseEInvoice(cii({ rsm: '', ram: 'ram', udt: 'udt' }))).toEqual(expected);
    expect(parseEInvoice(cii({ rsm: 'ns0', ram: 'ns1', udt: 'ns2' }))).toEqual(expected);
  });

  it('reads ZUGFeRD 1.0 (CrossIndustryDocument and its older element names)', () => {
    const zugferd1 = `<?xml version="1.0" encoding="UTF-8"?>
<z:CrossIndustryDocument xmlns:z="urn:ferd:CrossIndustryDocument:invoice:1p0"
  xmlns:r="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
  xmlns:u="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <z:HeaderExchangedDocument><r:ID>2013-471102</r:ID>
    <r:IssueDateTime><u:DateTimeString format="102">20130305</u:DateTimeString></r:IssueDateTime>
  </z:HeaderExchangedDocument>
  <z:SpecifiedSupplyChainTradeTransaction>
    <r:ApplicableSupplyChainTradeAgreement><r:SellerTradeParty><r:Name>Lieferant AG</r:Name></r:SellerTradeParty></r:ApplicableSupplyChainTradeAgreement>
    <r:ApplicableSupplyChainTradeSettlement>
      <r:InvoiceCurrencyCode>CHF</r:InvoiceCurrencyCode>
      <r:SpecifiedTradeSettlementMonetarySummation><r:GrandTotalAmount currencyID="CHF">235.62</r:GrandTotalAmount></r:SpecifiedTradeSettlementMonetarySummation>
    </r:ApplicableSupplyChainTradeSettlement>
    <r:IncludedSupplyChainTradeLineItem>
      <r:SpecifiedSupplyChainTradeDelivery><r:BilledQuantity unitCode="H87">20.0000</r:BilledQuantity></r:SpecifiedSupplyChainTradeDelivery>
      <r:SpecifiedSupplyChainTradeSettlement><r:SpecifiedTradeSettlementMonetarySummation><r:LineTotalAmount currencyID="CHF">198.00</r:LineTotalAmount></r:SpecifiedTradeSettlementMonetarySummation></r:SpecifiedSupplyChainTradeSettlement>
      <r:SpecifiedTradeProduct><r:Name>Trennblätter A4</r:Name></r:SpecifiedTradeProduct>
    </r:IncludedSupplyChainTradeLineItem>
  </z:SpecifiedSupplyChainTradeTransaction>
</z:CrossIndustryDocument>`;
    expect(parseEInvoice(zugferd1)).toMatchObject({
      origin: 'cii',
      merchant: 'Lieferant AG',
      orderId: '2013-471102',
      date: '2013-03-05',
      total: '235.62',
      currency: 'CHF',
      products: [{ name: 'Trennblätter A4', quantity: 20, price: '198.00' }],
    });
  });

  it('takes the amount due when there is no grand total, and the currency from its attribute', () => {
    const xml = FACTUR_X.replace(/<ram:GrandTotalAmount>[^<]*<\/ram:GrandTotalAmount>/, '')
      .replace(/<ram:InvoiceCurrencyCode>EUR<\/ram:InvoiceCurrencyCode>/, '')
      .replace('<ram:DuePayableAmount>', '<ram:DuePayableAmount currencyID="CHF">');
    expect(parseEInvoice(xml)).toMatchObject({ total: '1299.00', currency: 'CHF' });
  });

  it('reads UTF-8 bytes with a byte-order mark, and an ISO-8859-1 file by its declaration', () => {
    const utf8 = new TextEncoder().encode(`\uFEFF${FACTUR_X}`);
    expect(parseEInvoice(utf8)?.merchant).toBe('Kaffee & Co. GmbH');
    const latin = FACTUR_X.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace(
      'Kaffee &amp; Co. GmbH',
      'Kaffeerösterei Süd',
    );
    const bytes = Uint8Array.from(latin, (c) => c.charCodeAt(0));
    expect(parseEInvoice(bytes)?.merchant).toBe('Kaffeerösterei Süd');
  });
});

describe('parseEInvoice on UBL (XRechnung UBL, Peppol)', () => {
  it('reads the same with the invoice namespace as default and other prefixes', () => {
    expect(parseEInvoice(ubl({ root: '', cac: 'ns3', cbc: 'ns2' }))).toEqual(parseEInvoice(XRECHNUNG_UBL));
  });

  it('falls back to the trading name when there is no registration name', () => {
    const xml = XRECHNUNG_UBL.replace(
      '<cac:PartyLegalEntity><cbc:RegistrationName>Fahrradladen Nord GmbH</cbc:RegistrationName></cac:PartyLegalEntity>',
      '',
    );
    expect(parseEInvoice(xml)?.merchant).toBe('Fahrradladen Nord');
  });

  it('says a credit note is one', () => {
    expect(parseEInvoice(ubl({ root: 'cn', cac: 'cac', cbc: 'cbc' }, 'CreditNote'))).toMatchObject({
      origin: 'ubl',
      isCreditNote: true,
      total: '1000.00',
      products: [{ name: 'Trekkingrad 28 Zoll', quantity: 1 }],
    });
  });
});

describe('parseEInvoice refuses what is not a valid e-invoice', () => {
  it('returns null without the invoice number, the seller, a real date or a readable total', () => {
    expect(parseEInvoice(cii({ rsm: 'rsm', ram: 'ram', udt: 'udt' }, { id: '' }))).toBeNull();
    expect(parseEInvoice(cii({ rsm: 'rsm', ram: 'ram', udt: 'udt' }, { seller: '' }))).toBeNull();
    expect(parseEInvoice(FACTUR_X.replace('20250314', '20250231'))).toBeNull();
    expect(
      parseEInvoice(XRECHNUNG_UBL.replace(/<cac:LegalMonetaryTotal>[\s\S]*<\/cac:LegalMonetaryTotal>/, '')),
    ).toBeNull();
    const unreadable = FACTUR_X.replace('<ram:GrandTotalAmount>1299', '<ram:GrandTotalAmount>1.299,00');
    expect(parseEInvoice(unreadable)?.total).toBe('1299.00'); // the amount due stands in
    expect(
      parseEInvoice(unreadable.replace('<ram:DuePayableAmount>1299.00', '<ram:DuePayableAmount>')),
    ).toBeNull();
  });

  it('returns null for XML in another namespace, other XML, and text that is not XML', () => {
    expect(parseEInvoice(XRECHNUNG_UBL.replace(UBL_NS, 'urn:example:invoice'))).toBeNull();
    expect(parseEInvoice(FACTUR_X.replace(`xmlns:rsm="${CII_NS}"`, ''))).toBeNull();
    expect(parseEInvoice('<?xml version="1.0"?><Invoice><ID>1</ID></Invoice>')).toBeNull();
    expect(parseEInvoice('<constructor xmlns="x"/>')).toBeNull();
    expect(parseEInvoice('%PDF-1.7 not xml at all')).toBeNull();
    expect(parseEInvoice(FACTUR_X.slice(0, 1500))).toBeNull();
    expect(parseEInvoice(new Uint8Array([0xff, 0xfe, 0x00, 0xd8]))).toBeNull();
  });
});

describe('hostile XML', () => {
  const fast = (work: () => unknown) => {
    const start = performance.now();
    expect(work()).toBeNull();
    return performance.now() - start;
  };

  it('refuses a billion-laughs entity without expanding it', () => {
    const defs = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join(
      '',
    );
    const bomb = `<?xml version="1.0"?><!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY l0 "lol">${defs}]>${FACTUR_X.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '',
    ).replace('Kaffee &amp; Co. GmbH', '&l10;')}`;
    expect(fast(() => parseEInvoice(bomb))).toBeLessThan(200);
  });

  it('refuses 100,000 levels of nesting', () => {
    const deep = `<rsm:CrossIndustryInvoice xmlns:rsm="${CII_NS}">${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</rsm:CrossIndustryInvoice>`;
    expect(fast(() => parseEInvoice(deep))).toBeLessThan(500);
  });

  it('refuses XML over the size cap before parsing it', () => {
    const padding = `<!--${' '.repeat(LIMITS.einvoiceBytes)}-->`;
    expect(
      fast(() =>
        parseEInvoice(FACTUR_X.replace('<rsm:ExchangedDocument>', `${padding}<rsm:ExchangedDocument>`)),
      ),
    ).toBeLessThan(50);
  });

  it('refuses more tags than the cap before parsing them', () => {
    const tiny = `<rsm:CrossIndustryInvoice xmlns:rsm="${CII_NS}">${'<a/>'.repeat(LIMITS.einvoiceTags)}</rsm:CrossIndustryInvoice>`;
    expect(tiny.length).toBeLessThan(LIMITS.einvoiceBytes);
    expect(fast(() => parseEInvoice(tiny))).toBeLessThan(100);
  });

  it('reads a large, flat document under the cap in linear time', () => {
    const item = FACTUR_X.slice(
      FACTUR_X.indexOf('<ram:IncludedSupplyChainTradeLineItem>'),
      FACTUR_X.indexOf(
        '<ram:IncludedSupplyChainTradeLineItem>',
        FACTUR_X.indexOf('</ram:IncludedSupplyChainTradeLineItem>'),
      ),
    );
    const count = Math.floor((LIMITS.einvoiceBytes - FACTUR_X.length) / item.length) - 1;
    const wide = FACTUR_X.replace(
      '<rsm:SupplyChainTradeTransaction>',
      `<rsm:SupplyChainTradeTransaction>${item.repeat(count)}`,
    );
    const start = performance.now();
    expect(parseEInvoice(wide)?.products.length).toBe(count + 2);
    expect(performance.now() - start).toBeLessThan(3_000);
  });

  it('never throws on broken markup', () => {
    for (const broken of [
      '<',
      '<a',
      '<a b="',
      '<?xml',
      '<![CDATA[',
      `<rsm:CrossIndustryInvoice xmlns:rsm="${CII_NS}"><`,
      '</a></b>',
      '<a></b>',
    ]) {
      expect(parseEInvoice(broken)).toBeNull();
    }
  });
});

describe('toAmount', () => {
  it('writes two decimals, rounding half up on the digits', () => {
    expect(toAmount('1299')).toBe('1299.00');
    expect(toAmount('1.005')).toBe('1.01');
    expect(toAmount('-12.3')).toBe('-12.30');
    expect(toAmount('-0.001')).toBe('0.00');
    expect(toAmount('1.299,00')).toBeNull();
  });
});

describe('einvoiceIn', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('tries the standard names first, then other XML files, and skips the rest', () => {
    const found = einvoiceIn([
      { name: 'notes.xml', content: bytes(XRECHNUNG_UBL) },
      { name: 'Factur-X.xml', content: bytes(FACTUR_X) },
      { name: 'invoice.pdf', content: bytes(FACTUR_X) },
    ]);
    expect(found?.origin).toBe('cii');
    expect(einvoiceIn([{ name: null, type: 'text/xml', content: bytes(XRECHNUNG_UBL) }])?.origin).toBe('ubl');
    expect(einvoiceIn([{ name: 'invoice.pdf', content: bytes(FACTUR_X) }])).toBeNull();
  });
});

/** A one-page PDF printing `lines`, with `xml` attached under `name` as Factur-X does. */
async function pdfWith(lines: string[], attachments: { name: string; xml: string }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font });
  });
  for (const { name, xml } of attachments) {
    await pdf.attach(new TextEncoder().encode(xml), name, { mimeType: 'application/xml' });
  }
  return pdf.save();
}

// The printed page is deliberately vaguer than the XML: the XML must win, field by field.
const PRINTED = [
  'Kaffee und Co',
  'Rechnung',
  'Datum 01.03.2025',
  'Espressomaschine 1050,00',
  'Summe 1.299,00 EUR',
];

/** FACTUR_X as an extraction reads it. */
const FACTUR_X_READ = {
  is_order: true,
  merchant: 'Kaffee & Co. GmbH',
  order_id: 'RE-2025-0042',
  purchase_date: '2025-03-14',
  total: '1299.00',
};

describe('extractPdf with an embedded e-invoice', () => {
  it('reads a Factur-X attachment before the text, at 0.97, and says so', async () => {
    const got = await extractPdf(await pdfWith(PRINTED, [{ name: 'factur-x.xml', xml: FACTUR_X }]));
    expect(got).toMatchObject({ ...FACTUR_X_READ, currency: 'EUR' });
    expect(got.products.map((p) => p.name)).toEqual([
      'Espressomaschine Barista Pro',
      'Entkalker & Pflege-Set',
    ]);
    expect(got.signals).toEqual(
      expect.arrayContaining([
        'einvoice:cii',
        'einvoice:merchant',
        'einvoice:order_id',
        'einvoice:total',
        'einvoice:products',
      ]),
    );
    expect(got.signals.some((s) => s.startsWith('jsonld:'))).toBe(false);
    expect(got.confidence).toMatchObject({
      merchant: 0.97,
      order_id: 0.97,
      purchase_date: 0.97,
      total: 0.97,
      currency: 0.97,
    });
  });

  it('takes any attached XML that is an e-invoice (ZUGFeRD name, a UBL file under another name)', async () => {
    const zugferd = await extractPdf(
      await pdfWith(PRINTED, [{ name: 'ZUGFeRD-invoice.xml', xml: FACTUR_X }]),
    );
    expect(zugferd.order_id).toBe('RE-2025-0042');
    const other = await extractPdf(
      await pdfWith(PRINTED, [
        { name: 'readme.xml', xml: '<note>not an invoice</note>' },
        { name: 'rechnung-77.xml', xml: XRECHNUNG_UBL },
      ]),
    );
    expect(other).toMatchObject({ order_id: 'INV-77/2025', merchant: 'Fahrradladen Nord GmbH' });
    expect(other.signals).toContain('einvoice:ubl');
  });

  it('reads the text as before when the attached XML is hostile or invalid', async () => {
    const deep = `<rsm:CrossIndustryInvoice xmlns:rsm="${CII_NS}">${'<a>'.repeat(100_000)}</rsm:CrossIndustryInvoice>`;
    const start = performance.now();
    const got = await extractPdf(await pdfWith(PRINTED, [{ name: 'factur-x.xml', xml: deep }]));
    expect(performance.now() - start).toBeLessThan(5_000);
    expect(got.total).toBe('1299.00');
    expect(got.signals.some((s) => s.startsWith('einvoice:'))).toBe(false);
  });
});

/** A multipart message with a short text body and the given attachments (base64). */
function mail(subject: string, body: string, parts: { type: string; name?: string; content: Uint8Array }[]) {
  const attached = parts.map((part) =>
    [
      '--b',
      `Content-Type: ${part.type}${part.name ? `; name="${part.name}"` : ''}`,
      ...(part.name ? [`Content-Disposition: attachment; filename="${part.name}"`] : []),
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(part.content).toString('base64').replace(/.{76}/g, '$&\r\n'),
    ].join('\r\n'),
  );
  return [
    'From: Buchhaltung <rechnung@shop.example>',
    'To: erika@example.com',
    `Subject: ${subject}`,
    'Date: Mon, 03 Mar 2025 09:00:00 +0100',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    ...attached,
    '--b--',
    '',
  ].join('\r\n');
}

describe('extractEmail with an attached e-invoice', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it('uses an attached XRechnung (.xml) as the purchase, before the body', async () => {
    const got = await extractEmail(
      mail('Ihre Rechnung', 'Guten Tag, anbei Ihre Rechnung. Summe: 999,00 EUR', [
        { type: 'application/xml', name: 'xrechnung.xml', content: utf8(XRECHNUNG_UBL) },
      ]),
    );
    expect(got).toMatchObject({
      is_order: true,
      merchant: 'Fahrradladen Nord GmbH',
      order_id: 'INV-77/2025',
      purchase_date: '2025-02-28',
      total: '1000.00',
      currency: 'EUR',
    });
    expect(got.signals).toEqual(
      expect.arrayContaining(['einvoice:ubl', 'einvoice:total', 'merchant:einvoice', 'attachment:einvoice']),
    );
    expect(got.signals).not.toContain('jsonld:Order');
    expect(got.confidence.total).toBe(0.97);
  });

  it('finds a text/xml part without a file name, and leaves other XML alone', async () => {
    const got = await extractEmail(
      mail('Beleg', 'Danke!', [
        { type: 'text/xml', name: 'feed.xml', content: utf8('<rss><channel/></rss>') },
        { type: 'text/xml', content: utf8(FACTUR_X) },
      ]),
    );
    expect(got).toMatchObject({ is_order: true, order_id: 'RE-2025-0042', total: '1299.00' });
  });

  it('takes a Factur-X PDF attachment over what the body text suggested', async () => {
    const pdf = await pdfWith(PRINTED, [{ name: 'factur-x.xml', xml: FACTUR_X }]);
    const got = await extractEmail(
      mail('Your documents', 'Hello, see attachment. Order 4711, date 01.02.2025.', [
        { type: 'application/pdf', name: 'RE-2025-0042.pdf', content: pdf },
      ]),
    );
    expect(got).toMatchObject(FACTUR_X_READ);
    expect(got.signals).toContain('attachment:einvoice');
  });

  it('reads the body as before when the attached XML is a billion-laughs bomb', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><x>&b;</x>`;
    const got = await extractEmail(
      mail('Your order A-1001', 'Order #A-1001\nDesk lamp 24.50\nTOTAL 24.50 EUR', [
        { type: 'application/xml', name: 'factur-x.xml', content: utf8(bomb) },
      ]),
    );
    expect(got).toMatchObject({ order_id: 'A-1001', total: '24.50' });
    expect(got.signals.some((s) => s.startsWith('einvoice:'))).toBe(false);
  });
});

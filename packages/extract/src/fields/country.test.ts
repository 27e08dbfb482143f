import { describe, expect, it } from 'vitest';
import { decideCountry } from './country';

const decide = (text: string, hints = {}) => decideCountry(text.split('\n'), hints);

describe('country decision', () => {
  it('reads tax numbers in their national shapes', () => {
    expect(decide('Muster GmbH\nUSt-IdNr. DE123456789\nSumme 12,00').country).toBe('DE');
    expect(decide('Café Central\nNIF: 501234567\nTotal 3,20').country).toBe('PT');
    expect(decide('Toko Maju\nNPWP 01.234.567.8-901.000\nTotal 25.000')).toMatchObject({
      country: 'ID',
      currency: 'IDR',
    });
    expect(decide('Spice Route\nGSTIN 29ABCDE1234F1Z5\nTotal 450.00')).toMatchObject({
      country: 'IN',
      currency: 'INR',
    });
    expect(decide('Kedai Runcit\nGST Reg No: 000123456789\nTOTAL 12.00')).toMatchObject({
      country: 'MY',
      currency: 'MYR',
    });
    expect(decide('Widgets Ltd\nVAT Reg No: GB 123 4567 89\nTotal 9.99').country).toBe('GB');
    expect(decide('Tim Hortons\nGST/HST 123456789 RT0001\nTotal $4.20')).toMatchObject({
      country: 'CA',
      currency: 'CAD',
    });
    expect(decide('Hawker Pte Ltd\nUEN: 201912345K\nTotal $6.50')).toMatchObject({
      country: 'SG',
      currency: 'SGD',
    });
    expect(decide('Acme Supply\nEIN 12-3456789\nTotal $99.00')).toMatchObject({
      country: 'US',
      currency: 'USD',
    });
  });

  it('reads postcodes in an address shape', () => {
    expect(decide('Bakkerij\nDamstraat 1\n1012 AB Amsterdam\nTotaal 4,50')).toMatchObject({
      country: 'NL',
      currency: 'EUR',
    });
    expect(decide('Rua Augusta 10\n1100-053 Lisboa\nTotal 7,80')).toMatchObject({
      country: 'PT',
      currency: 'EUR',
    });
    expect(decide('10 Downing Street\nLondon SW1A 2AA\nTotal 5.00').country).toBe('GB');
    expect(decide('LOT 12, JALAN 3\n43300 SERI KEMBANGAN, SELANGOR\nTOTAL 33.90').currency).toBe('MYR');
  });

  it('reads national payment networks', () => {
    expect(decide('Padaria\nPago com MB WAY\nTotal 2,10')).toMatchObject({ country: 'PT', currency: 'EUR' });
    expect(decide('Kopi\nPembayaran QRIS\nTotal 18.000')).toMatchObject({ country: 'ID', currency: 'IDR' });
    expect(decide('Coffee\nPaid by Interac\nTotal 4.50').currency).toBe('CAD');
    expect(decide('Fika\nBetalt med Swish\nSumma 45,00').currency).toBe('SEK');
  });

  it('tells which dollar a bare "$" is from the rest of the document', () => {
    expect(decide('Maple Hardware\nToronto ON M5V 2T6\nTotal $45.20').currency).toBe('CAD');
    expect(decide('Harbour Cafe\nABN 12 345 678 901\nTotal $9.50').currency).toBe('AUD');
    const alone = decide('Deli\nTotal $9.50');
    expect(alone).toMatchObject({ country: 'US', currency: 'USD', strength: 'weak' });
    expect(decide('Total $12.00', { senderDomain: 'shop.example.ca' }).currency).toBe('CAD');
  });

  it('does not let a mis-read "$" on a photo outvote a Malaysian address', () => {
    const receipt =
      'KEDAI ABC SDN BHD\n47500 SUBANG JAYA, SELANGOR\nTEL: 03-5632 1234\nITEM 1 $5.00\nTOTAL RM 12.00\nCASH $20.00';
    expect(decide(receipt, { ocr: true })).toMatchObject({ country: 'MY', currency: 'MYR' });
    expect(decide('KEDAI ABC\n47500 SUBANG JAYA, SELANGOR\nTOTAL $12.00', { ocr: true }).currency).toBe(
      'MYR',
    );
  });

  it('takes a province code only in an address shape', () => {
    expect(decide('AB\nTotal 5.00').country).not.toBe('CA');
    expect(decide('Calgary, AB T2P 1J9\nTotal 5.00')).toMatchObject({ country: 'CA', currency: 'CAD' });
  });

  it('keeps what the document states over a bare sign', () => {
    const decision = decide('Store\nTotal USD 12.00\nPaid $12.00\nTel +60 3-1234 5678');
    expect(decision.currency).toBe('USD');
    expect(decide('Boutique\nTotal 25,00 €\nTVA 20%').currency).toBe('EUR');
    expect(decide('Loja\nIVA incluido\nTotal a pagar 9,30').currency).toBe('EUR');
  });

  it('counts currency codes only beside amounts', () => {
    expect(decide('ACME SDN BHD\nTOTAL 12.00').currency).toBe('MYR');
    expect(decide('Total: 1.125,00 €').currency).toBe('EUR');
    expect(decide('QUANTIA: EUR 2.40').currency).toBe('EUR');
    expect(decide('DIESEL & PETROL RON 95\nTOTAL 50.00').currency).toBeNull();
  });

  it('orders day and month from the dates, else from the country', () => {
    expect(decide('Date 13/04/2024\nTotal 5.00').dateOrder).toBe('dmy');
    expect(decide('Date 04/13/2024\nTotal 5.00').dateOrder).toBe('mdy');
    expect(decide('Deli\nNew York, NY 10001\nDate 03/04/2024\nTotal $5.00')).toMatchObject({
      country: 'US',
      dateOrder: 'mdy',
    });
    expect(decide('Muster GmbH\nUSt-IdNr. DE123456789\n03/04/2024').dateOrder).toBe('dmy');
    expect(decide('東京都\n〒100-0001\n合計 ¥1,200')).toMatchObject({ country: 'JP', dateOrder: 'ymd' });
  });

  it('names the languages to read', () => {
    expect(decide('Rechnung\nSumme 12,00 €\nMwSt 19%\nDanke').languages[0]).toBe('de');
    expect(decide('Obrigado\nTroco 0,50\nFatura 12').languages).toContain('pt');
  });

  it('stays fast on a long receipt', () => {
    const lines = Array.from(
      { length: 100 },
      (_, i) => `ITEM ${i} CHOPPING BOARD 35.5X25.5CM  1 X 19.00  19.00`,
    );
    lines.push('43300 SERI KEMBANGAN, SELANGOR', 'TOTAL RM 33.90');
    for (let i = 0; i < 30; i++) decideCountry(lines);
    // The fastest of a few batches: other work on a shared machine only ever adds time.
    let best = Number.POSITIVE_INFINITY;
    for (let batch = 0; batch < 5; batch++) {
      const start = performance.now();
      for (let i = 0; i < 20; i++) decideCountry(lines);
      best = Math.min(best, (performance.now() - start) / 20);
    }
    // About 0.3 ms on an idle machine; the bound leaves room for a busy one and still catches a regex gone
    // quadratic.
    expect(best).toBeLessThan(1);
  });
});

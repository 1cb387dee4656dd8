import { execFileSync } from 'node:child_process';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { rfPrinted, rfReference } from '../../../common/rf-reference.ts';
import { ConfigError } from '../../config.ts';
import { pdfQrCodes } from '../../test/pdf-qr.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { epcPayload, ibanChecks } from './epc-qr.ts';
import { type InvoicePdfData, renderInvoicePdf } from './invoice-pdf.ts';
import { assertSellerIban, type Seller } from './seller.ts';
import { splitGross, taxName } from './tax-lines.ts';

/** A seller established in the EU, invoicing in euros, with an IBAN: what the EPC QR code needs. */
const euSeller: Seller = {
  name: 'Nexa Europa',
  legalName: 'Nexa Europa GmbH',
  address: { lines: ['Friedrichstraße 123'], postalCode: '10117', city: 'Berlin', countryCode: 'DE' },
  email: 'billing@nexa-europa.example',
  phone: '+49 30 1234567',
  taxNumbers: [
    { kind: 'other', label: 'Tax number', value: '30/123/45678' },
    // Its label does not say "VAT": the kind does.
    { kind: 'vat', label: 'USt-IdNr.', value: 'DE123456789' },
  ],
  currency: 'EUR',
  termsDays: 14,
  bank: {
    bank: 'Beispielbank',
    accountName: 'Nexa Europa GmbH',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  },
};

const usSeller: Seller = {
  ...euSeller,
  name: 'Nexa Digital',
  legalName: 'Nexa Digital, Inc.',
  address: {
    lines: ['410 Market Street, Suite 12'],
    postalCode: 'CA 94111',
    city: 'San Francisco',
    countryCode: 'US',
  },
  taxNumbers: [{ kind: 'other', label: 'EIN', value: '12-3456789' }],
  currency: 'USD',
  bank: {
    bank: 'Example Bank',
    accountName: 'Nexa Digital, Inc.',
    routingNumber: '000000000',
    accountNumber: '000123456789',
  },
};

const issuedAt = new Date('2026-11-20T10:00:00Z');

function invoice(overrides: Partial<InvoicePdfData> = {}): InvoicePdfData {
  return {
    kind: 'invoice',
    number: 'INV-2026-0042',
    issuedAt,
    seller: euSeller,
    credits: null,
    creditCents: 0,
    creditedBeforeCents: 0,
    orderNumber: 'NX-7K3M-9Q2P',
    orderDate: new Date('2026-11-18T09:00:00Z'),
    reference: rfReference('NX-7K3M-9Q2P'),
    customer: { name: 'Jana Nováková', email: 'jana@example.com' },
    company: null,
    taxTreatment: 'standard',
    address: ['Hauptstraße 5', 'München, 80331', 'Germany'],
    lines: [{ name: 'Matte Black Card', sku: 'MB-01', design: 'Matte Black', quantity: 2, unitCents: 2500 }],
    subtotalCents: 5000,
    shippingCents: 500,
    shippingZone: 'Europe',
    taxCents: 1045,
    taxRateBp: 1900,
    totalCents: 6545,
    ...overrides,
  };
}

const words = (text: string) => text.replace(/\s+/g, ' ');

describe('the RF reference', () => {
  it('has the check digits an independent ISO 7064 MOD 97-10 computation gives', () => {
    const script = [
      'import sys',
      'body = sys.argv[1]',
      "digits = ''.join(str(int(c, 36)) for c in body + 'RF00')",
      "print('RF%02d%s' % (98 - int(digits) % 97, body))",
    ].join('\n');
    for (const number of ['NX-7K3M-9Q2P', 'NX-0000-0001', 'NX-ZZZZ-ZZZZ', 'NX-AB12-CD34']) {
      const body = number.replaceAll('-', '');
      const python = execFileSync('python3', ['-c', script, body]).toString().trim();
      expect(rfReference(number), number).toBe(python);
    }
  });
});

describe('the EPC069-12 payload', () => {
  it('is version 002, UTF-8, SCT, with the BIC, name, IBAN, amount, no purpose and the RF reference', () => {
    const lines = epcPayload({
      name: 'Nexa Europa GmbH',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      amountCents: 6545,
      reference: 'RF24 NX7K 3M9Q 2P',
    }).split('\n');
    expect(lines).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Nexa Europa GmbH',
      'DE89370400440532013000',
      'EUR65.45',
      '',
      'RF24NX7K3M9Q2P',
    ]);
  });

  it('leaves the BIC empty when there is none, and refuses what the guideline does not allow', () => {
    const base = {
      name: 'Ä Firma',
      iban: 'DE89370400440532013000',
      amountCents: 1,
      reference: 'RF24NX7K3M9Q2P',
    };
    expect(epcPayload(base).split('\n')[4]).toBe('');
    expect(epcPayload(base).split('\n')[7]).toBe('EUR0.01');
    expect(() => epcPayload({ ...base, amountCents: 0 })).toThrow();
    expect(() => epcPayload({ ...base, iban: 'not an iban' })).toThrow();
    expect(() => epcPayload({ ...base, reference: `RF18${'A'.repeat(40)}` })).toThrow();
    expect(epcPayload({ ...base, name: 'x'.repeat(90) }).split('\n')[5]).toHaveLength(70);
  });

  it('refuses an IBAN whose check digits are wrong, and keeps each field on its line', () => {
    const base = {
      name: 'Firma',
      iban: 'DE89370400440532013000',
      amountCents: 100,
      reference: 'RF24NX7K3M9Q2P',
    };
    expect(ibanChecks('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanChecks('GB82WEST12345698765432')).toBe(true);
    expect(ibanChecks('DE88370400440532013000')).toBe(false);
    expect(() => epcPayload({ ...base, iban: 'DE88370400440532013000' })).toThrow(/check digits/);
    const lines = epcPayload({ ...base, name: 'Nexa\nEuropa\r\nGmbH', bic: 'COBADEFF\nXXX' }).split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[4]).toBe('COBADEFFXXX');
    expect(lines[5]).toBe('Nexa Europa GmbH');
  });

  it('stops the server at start when the configured IBAN fails its check', () => {
    expect(() =>
      assertSellerIban({ ...euSeller, bank: { ...euSeller.bank, iban: 'DE88370400440532013000' } }),
    ).toThrow(ConfigError);
    expect(() => assertSellerIban(euSeller)).not.toThrow();
    expect(() => assertSellerIban(usSeller)).not.toThrow();
  });
});

describe('tax amounts', () => {
  it('names the tax as what it is', () => {
    expect(taxName(euSeller, 'standard', 2000)).toBe('VAT 20 %');
    expect(taxName(euSeller, 'reverse_charge', 0)).toBe('VAT 0 % (exempt)');
    expect(taxName(usSeller, 'standard', 825)).toBe('Sales tax 8.25 %');
  });

  it('splits a part of an invoice as the invoice was split, and the whole into exactly its net and tax', () => {
    expect(splitGross(6545, { taxCents: 1045, totalCents: 6545 })).toEqual({
      netCents: 5500,
      taxCents: 1045,
    });
    expect(splitGross(1190, { taxCents: 1045, totalCents: 6545 })).toEqual({ netCents: 1000, taxCents: 190 });
    expect(splitGross(500, { taxCents: 0, totalCents: 5500 })).toEqual({ netCents: 500, taxCents: 0 });
  });

  it('splits parts on their running sum, so three thirds add up to the invoice’s net and tax', () => {
    const invoiced = { taxCents: 1045, totalCents: 6545 };
    const parts = [
      splitGross(2182, invoiced, 0),
      splitGross(2182, invoiced, 2182),
      splitGross(2181, invoiced, 4364),
    ];
    expect(parts).toEqual([
      { netCents: 1834, taxCents: 348 },
      { netCents: 1833, taxCents: 349 },
      { netCents: 1833, taxCents: 348 },
    ]);
    expect(parts.reduce((sum, part) => sum + part.taxCents, 0)).toBe(1045);
    expect(parts.reduce((sum, part) => sum + part.netCents, 0)).toBe(5500);
  });
});

describe('a domestic VAT invoice', () => {
  it('carries what Article 226 asks, read back with pdftotext', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice()));
    for (const expected of [
      'INVOICE',
      'Nexa Europa GmbH',
      'Friedrichstraße 123',
      '10117 Berlin',
      'Germany',
      'USt-IdNr.: DE123456789',
      'Tax number: 30/123/45678',
      'INV-2026-0042',
      'Issue date',
      'Supply date',
      'November 20, 2026',
      'Due date',
      'December 4, 2026',
      'Jana Nováková',
      'Matte Black Card',
      'NET AMOUNT',
      '€50.00',
      'Total net',
      '€55.00',
      'VAT 19 % on €55.00',
      '€10.45',
      '€65.45',
      'IBAN',
      'DE89 3704 0044 0532 0130 00',
      'COBADEFFXXX',
      'Scan to pay',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(words(text)).toContain(
      'Payment terms: 14 days. Please pay by bank transfer by December 4, 2026, quoting the payment reference RF24 NX7K 3M9Q 2P (invoice INV-2026-0042).',
    );
    expect(text).not.toContain('Reverse charge');
  });

  it('has an EPC QR code that zbarimg decodes, every field right', async () => {
    const codes = await pdfQrCodes(await renderInvoicePdf(invoice()));
    expect(codes).toHaveLength(1);
    const [code] = codes;
    expect(code?.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Nexa Europa GmbH',
      'DE89370400440532013000',
      'EUR65.45',
      '',
      rfReference('NX-7K3M-9Q2P'),
    ]);
    expect(rfPrinted(rfReference('NX-7K3M-9Q2P'))).toBe('RF24 NX7K 3M9Q 2P');
  });

  it('has exactly one QR code however many pages its lines take', async () => {
    const lines = Array.from({ length: 40 }, (_, index) => ({
      name: `Card ${index + 1}`,
      sku: `C-${index + 1}`,
      design: 'Matte Black',
      quantity: 1,
      unitCents: 100,
    }));
    const pdf = await renderInvoicePdf(
      invoice({ lines, subtotalCents: 4000, taxCents: 760, totalCents: 4760 }),
    );
    expect(Number(/\/Type \/Pages[^>]*\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1])).toBeGreaterThan(1);
    expect(await pdfQrCodes(pdf)).toHaveLength(1);
  });

  it('the reader finds every code on every page (what the counts above rely on)', async () => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.image(await QRCode.toBuffer('first'), 50, 50, { width: 150 });
    doc.image(await QRCode.toBuffer('second\nline'), 300, 50, { width: 150 });
    doc.addPage();
    doc.image(await QRCode.toBuffer('third'), 50, 50, { width: 150 });
    doc.end();
    await ended;
    expect(await pdfQrCodes(Buffer.concat(chunks))).toEqual(['first', 'second\nline', 'third']);
  });
});

describe('a reverse charge invoice', () => {
  const reverse = invoice({
    company: {
      name: 'Société Exemple SARL',
      address: ['12 rue de la Paix', '75002 Paris', 'France'],
      vatId: 'FR12345678901',
    },
    taxTreatment: 'reverse_charge',
    taxCents: 0,
    taxRateBp: 0,
    totalCents: 5500,
  });

  it('says so, with both VAT IDs, the company billed and no VAT', async () => {
    const pdf = await renderInvoicePdf(reverse);
    const text = words(await pdfText(pdf));
    for (const expected of [
      'Société Exemple SARL',
      '12 rue de la Paix',
      '75002 Paris',
      'France',
      'VAT ID: FR12345678901',
      'Attn: Jana Nováková',
      'VAT 0 % (exempt) on €55.00 €0.00',
      'Total due €55.00',
      'Exempt intra-Community supply of goods (Article 138, Council Directive 2006/112/EC).',
      'Supplier VAT ID: DE123456789 · Customer VAT ID: FR12345678901',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const [code] = await pdfQrCodes(pdf);
    expect(code?.split('\n')[7]).toBe('EUR55.00');
  });
});

describe('a US seller', () => {
  it('prints sales tax, its EIN and the US bank fields, and no EPC QR code (not euros)', async () => {
    const pdf = await renderInvoicePdf(
      invoice({ seller: usSeller, taxRateBp: 825, taxCents: 454, totalCents: 5954 }),
    );
    const text = words(await pdfText(pdf));
    for (const expected of [
      'EIN: 12-3456789',
      'Sales tax 8.25 % on $55.00 $4.54',
      'Routing number',
      '000123456789',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Scan to pay');
    expect(text).not.toContain('VAT');
    expect(await pdfQrCodes(pdf)).toEqual([]);
  });
});

describe('credit notes', () => {
  const credits = { number: 'INV-2026-0042', issuedAt };

  it('a whole one references its invoice by number and date and takes back every line', async () => {
    const text = words(
      await pdfText(
        await renderInvoicePdf(
          invoice({ kind: 'credit_note', number: 'CN-2026-0007', credits, creditCents: 6545 }),
        ),
      ),
    );
    for (const expected of [
      'CREDIT NOTE',
      'CN-2026-0007',
      'Credits invoice INV-2026-0042',
      'Invoice date November 20, 2026',
      'Matte Black Card',
      'VAT 19 % on -€55.00 -€10.45',
      'Total credited -€65.45',
      'Credit note for invoice INV-2026-0042 of November 20, 2026: that invoice is cancelled in full',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Scan to pay');
  });

  it('a partial one shows what it credits, its net and VAT, not the invoice’s lines', async () => {
    const pdf = await renderInvoicePdf(
      invoice({ kind: 'credit_note', number: 'CN-2026-0008', credits, creditCents: 1190 }),
    );
    const text = words(await pdfText(pdf));
    for (const expected of [
      'Partial credit of invoice INV-2026-0042',
      'Total net -€10.00',
      'VAT 19 % on -€10.00 -€1.90',
      'Total credited -€11.90',
      'it takes back €11.90 of that invoice; the rest of it stands.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Matte Black Card');
    expect(text).not.toContain('€65.45');
    expect(await pdfQrCodes(pdf)).toEqual([]);
  });

  it('the last of several parts takes what is left and says the invoice is now credited in full', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        kind: 'credit_note',
        number: 'CN-2026-0009',
        credits,
        creditCents: 2181,
        creditedBeforeCents: 4364,
      }),
    );
    const text = words(await pdfText(pdf));
    for (const expected of [
      'Total net -€18.33',
      'VAT 19 % on -€18.33 -€3.48',
      'Total credited -€21.81',
      'it takes back the remaining €21.81 of that invoice; with the earlier credit notes, that invoice is credited in full',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('the rest of it stands');
  });
});

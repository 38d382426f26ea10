import { describe, expect, it } from 'vitest';
import { invoiceInput } from '../invoice-input.fixture';
import { FacturXRefusal, buildCiiInvoice, hasFacturX } from './cii-invoice';
import { withLines } from './cii-invoice.fixtures';

const values = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);
const value = (xml: string, tag: string) => values(xml, tag)[0];

describe('Factur-X CII XML (R-FACT-13, EN 16931)', () => {
  it('BT-1, BT-3, BT-2, BT-24: the invoice number, 380 for a facture, the Paris issue day, the EN 16931 guideline', () => {
    const xml = buildCiiInvoice(invoiceInput({ createdAt: new Date('2024-02-29T23:30:00Z') }));
    expect(value(xml, 'ram:ID')).toBe('urn:cen.eu:en16931:2017');
    expect(values(xml, 'ram:ID')[1]).toBe('2024-FFME-123456');
    expect(value(xml, 'ram:TypeCode')).toBe('380');
    expect(value(xml, 'udt:DateTimeString')).toBe('20240301');
  });

  it('BT-3 381 and BT-25: an avoir cites the invoice it corrects', () => {
    const xml = buildCiiInvoice(
      invoiceInput({ id: 777, isDebit: false }, { correctedInvoice: { id: 123456, seasonId: 2024 } }),
    );
    expect(value(xml, 'ram:TypeCode')).toBe('381');
    expect(xml).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>2024-FFME-123456</ram:IssuerAssignedID>',
    );
    expect(xml).not.toContain('SpecifiedTradeSettlementPaymentMeans');
  });

  it('an avis de prélèvement is not an invoice: no XML', () => {
    const relaunch = invoiceInput({ categoryId: 5 }, { relaunchOf: { id: 1, seasonId: 2024 } });
    expect(hasFacturX(relaunch)).toBe(false);
    expect(() => buildCiiInvoice(relaunch)).toThrow(FacturXRefusal);
    expect(hasFacturX(invoiceInput())).toBe(true);
  });

  it('CGI art. 293 B: VAT category E at 0 %, reason and code VATEX-FR-FRANCHISE, no VAT amount', () => {
    const xml = buildCiiInvoice(invoiceInput());
    expect(values(xml, 'ram:CategoryCode')).toEqual(['E', 'E']);
    expect(value(xml, 'ram:ExemptionReason')).toBe('TVA non applicable, art. 293 B du CGI');
    expect(value(xml, 'ram:ExemptionReasonCode')).toBe('VATEX-FR-FRANCHISE');
    expect(value(xml, 'ram:TaxTotalAmount')).toBe('0.00');
  });

  it('BT-30 and BT-32: the seller SIREN as legal id (0002) and tax registration (FC), BT-34 under 0225', () => {
    const xml = buildCiiInvoice(invoiceInput());
    const seller = /<ram:SellerTradeParty>.*<\/ram:SellerTradeParty>/.exec(xml)?.[0] ?? '';
    expect(seller).toContain('<ram:ID schemeID="0002">775690041</ram:ID>');
    expect(seller).toContain('<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">775690041</ram:ID>');
    expect(seller).toContain('<ram:URIID schemeID="0225">775690041</ram:URIID>');
    const buyer = /<ram:BuyerTradeParty>.*<\/ram:BuyerTradeParty>/.exec(xml)?.[0] ?? '';
    expect(buyer).toContain('<ram:URIID schemeID="EM">club@example.fr</ram:URIID>');
    expect(buyer).not.toContain('SpecifiedTaxRegistration');
  });

  it('refuses without a seller SIREN, or when the flux totals are not its lines', () => {
    const noSiren = invoiceInput();
    noSiren.seller = { ...noSiren.seller, siren: null };
    expect(() => buildCiiInvoice(noSiren)).toThrow(FacturXRefusal);
    expect(() => buildCiiInvoice(invoiceInput({ amountHT: 1, amountTTC: 1 }))).toThrow(FacturXRefusal);
    expect(() => buildCiiInvoice(invoiceInput({ amountTVA: 100, amountTTC: 123550 }))).toThrow(FacturXRefusal);
  });

  it('BT-106..115: totals in euros with two decimals, from integer cents', () => {
    const xml = buildCiiInvoice(withLines(40, 4567));
    expect(values(xml, 'ram:LineTotalAmount')).toHaveLength(41);
    expect(value(xml, 'ram:GrandTotalAmount')).toBe('1826.80');
    expect(value(xml, 'ram:DuePayableAmount')).toBe('1826.80');
    expect(value(xml, 'ram:BilledQuantity')).toBe('1');
  });

  it('BG-16: transfer (30) to the head office IBAN for a category-4 invoice, with BT-83 the invoice number', () => {
    const xml = buildCiiInvoice(invoiceInput());
    expect(xml).toContain('<ram:TypeCode>30</ram:TypeCode>');
    expect(value(xml, 'ram:IBANID')).toBe('FR7630006000011234567890189');
    expect(value(xml, 'ram:PaymentReference')).toBe('2024-FFME-123456');
    expect(xml).toContain('<ram:DueDateDateTime><udt:DateTimeString format="102">20240331</udt:DateTimeString>');
  });

  it('BG-16: direct debit (59) for category 5, with the creditor id (BT-90) and the mandate (BT-89)', () => {
    const xml = buildCiiInvoice(invoiceInput({ categoryId: 5 }));
    expect(xml).toContain('<ram:TypeCode>59</ram:TypeCode>');
    expect(value(xml, 'ram:CreditorReferenceID')).toBe('FR72ZZZ123456');
    expect(value(xml, 'ram:DirectDebitMandateID')).toBe('RUM-038001-01');
  });

  it('BG-16: card (48) for an Affiliation flux, already paid: nothing left to pay', () => {
    const xml = buildCiiInvoice(invoiceInput({ name: 'Affiliation 2024', categoryId: 3, settled: true }));
    expect(xml).toContain('<ram:TypeCode>48</ram:TypeCode>');
    expect(value(xml, 'ram:TotalPrepaidAmount')).toBe('1234.50');
    expect(value(xml, 'ram:DuePayableAmount')).toBe('0.00');
    expect(value(xml, 'ram:Description')).toBe('Facture acquittée par carte bancaire');
  });

  it('Code de commerce L441-9/L441-10/D441-5: penalties (PMT), indemnity (PMD), no discount (AAB) as BT-22 notes', () => {
    const xml = buildCiiInvoice(invoiceInput());
    expect(values(xml, 'ram:SubjectCode')).toEqual(['PMT', 'PMD', 'AAB']);
    expect(values(xml, 'ram:Content')[1]).toContain('40 €');
    expect(xml).toContain(
      '<ram:Content>Pas d’escompte pour paiement anticipé.</ram:Content><ram:SubjectCode>AAB</ram:SubjectCode>',
    );
  });

  it('BR-27: a discount line bills a negative quantity at a positive net price', () => {
    const input = invoiceInput({ amountHT: 9000, amountTTC: 9000 });
    input.lines = [
      { label: 'Stage', unitPrice: 10000, quantity: 1, amount: 10000, tarif: null },
      { label: 'Remise', unitPrice: -1000, quantity: 1, amount: -1000, tarif: null },
    ];
    const xml = buildCiiInvoice(input);
    expect(values(xml, 'ram:ChargeAmount')).toEqual(['100.00', '10.00']);
    expect(values(xml, 'ram:BilledQuantity')).toEqual(['1', '-1']);
  });

  it('escapes text and drops characters XML cannot carry', () => {
    // A flux without detail lines bills itself, named by its label.
    const input = invoiceInput({ name: 'Stage <A> & "B"\u0001' }, { lines: [] });
    expect(buildCiiInvoice(input)).toContain('<ram:Name>Stage &lt;A&gt; &amp; &quot;B&quot;</ram:Name>');
  });
});

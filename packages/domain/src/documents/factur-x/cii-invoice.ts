/**
 * The structured half of a Factur-X invoice: the UN/CEFACT Cross Industry Invoice (D16B) of a
 * facture or an avoir, profile EN 16931 (R-FACT-12, R-FACT-13). It carries what the PDF shows, with the
 * same rules (invoice-mentions.ts): number, dates, parties, lines, the VAT exemption of the
 * franchise en base (CGI art. 293 B), totals, due date and payment means, the legal notes.
 */
import { FluxCategory } from '../../flux/categories';
import { centsToDecimal, type Cents } from '../../money/money';
import { escapeXml } from '../../xml/escape-xml';
import type { DocumentAddress, DocumentLine, DocumentStructure, InvoiceInput } from '../document-input';
import { parisIsoDate } from '../document-format';
import { DOCUMENT_TEXT, PAID_BY_CARD_NOTE } from '../document-messages';
import { invoiceNumber } from '../document-rules';
import { billedLines, invoiceSettlement } from '../invoice-document';
import {
  LATE_PAYMENT_RATE_MULTIPLIER,
  RECOVERY_FEE_EUROS,
  invoiceKind,
  paidNote,
  settlementLine,
  type SettlementStatement,
} from '../invoice-mentions';

/** BT-24: the EN 16931 core specification, Factur-X's 'EN 16931' profile. */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

/** BT-3 (UNTDID 1001): commercial invoice, credit note. */
export const CII_TYPE_CODES = { facture: '380', avoir: '381' } as const;

/** BT-121 (VATEX list): exempt under the franchise en base of CGI art. 293 B. */
export const VAT_EXEMPTION_CODE = 'VATEX-FR-FRANCHISE';

/** BT-81 (UNTDID 4461): SEPA credit transfer, SEPA direct debit, bank card. */
export const PAYMENT_MEANS_CODES = { transfer: '30', directDebit: '59', card: '48' } as const;

/** BT-22 subject codes (UNTDID 4451) of the notes French law requires on an invoice. */
export const NOTE_SUBJECTS = { penalties: 'PMT', indemnity: 'PMD', discount: 'AAB' } as const;

const NAMESPACES =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

type Child = string | false | null | undefined;

/** An element holding other elements; empty children are left out. */
const el = (name: string, ...children: Child[]) => `<${name}>${children.filter(Boolean).join('')}</${name}>`;

/** An element holding text, with attributes. */
function text(name: string, value: string, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, attr]) => ` ${key}="${escapeXml(attr)}"`)
    .join('');
  return `<${name}${attrs}>${escapeXml(value)}</${name}>`;
}

const optionalText = (name: string, value: string | null | undefined) => (value ? text(name, value) : null);
const amount = (name: string, cents: Cents, attributes?: Record<string, string>) =>
  text(name, centsToDecimal(cents), attributes);
/** 'yyyy-mm-dd' as CII's format 102, 'yyyymmdd'. */
const day102 = (name: string, day: string) =>
  el(name, text('udt:DateTimeString', day.replaceAll('-', ''), { format: '102' }));

/** Why a flux gets no Factur-X XML; the PDF is then issued alone. */
export class FacturXRefusal extends Error {}

/** Only a facture or an avoir is an invoice; an avis de prélèvement presents another one. */
export function hasFacturX(input: Pick<InvoiceInput, 'flux' | 'relaunchOf'>): boolean {
  return invoiceKind(input.flux, input.relaunchOf) !== 'avis';
}

/** The CII XML of a facture or avoir (UTF-8 text), or a FacturXRefusal saying why not. */
export function buildCiiInvoice(input: InvoiceInput): string {
  const { flux } = input;
  const kind = invoiceKind(flux, input.relaunchOf);
  if (kind === 'avis') throw new FacturXRefusal("Un avis de prélèvement n'est pas une facture.");
  const sellerSiren = digitsOf(input.seller.siren);
  if (sellerSiren?.length !== 9) throw new FacturXRefusal("Le SIREN de l'émetteur est requis.");

  const lines = billedLines(input);
  const lineTotal = lines.reduce((sum, line) => sum + line.amount, 0);
  // A franchise en base invoice has no VAT: what the PDF totals must be the lines' sum.
  if (flux.amountTVA !== 0 || flux.amountHT !== lineTotal || flux.amountTTC !== lineTotal) {
    throw new FacturXRefusal('Les totaux du flux ne correspondent pas à ses lignes.');
  }
  // An avoir states positive amounts (its type code says it is a credit); a debit too.
  const sign = lineTotal < 0 ? -1 : 1;
  const number = invoiceNumber(flux.seasonId, flux.id);
  const statement = invoiceSettlement(input, kind);
  const total = sign * lineTotal;

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rsm:CrossIndustryInvoice ${NAMESPACES}>` +
    el(
      'rsm:ExchangedDocumentContext',
      el('ram:GuidelineSpecifiedDocumentContextParameter', text('ram:ID', EN16931_GUIDELINE)),
    ) +
    el(
      'rsm:ExchangedDocument',
      text('ram:ID', number),
      text('ram:TypeCode', CII_TYPE_CODES[kind]),
      day102('ram:IssueDateTime', parisIsoDate(flux.createdAt)),
      note(DOCUMENT_TEXT.einvoice.penalties(LATE_PAYMENT_RATE_MULTIPLIER), NOTE_SUBJECTS.penalties),
      note(DOCUMENT_TEXT.einvoice.indemnity(RECOVERY_FEE_EUROS), NOTE_SUBJECTS.indemnity),
      note(DOCUMENT_TEXT.noDiscount, NOTE_SUBJECTS.discount),
    ) +
    el(
      'rsm:SupplyChainTradeTransaction',
      ...lines.map((line, index) => lineItem(line, index + 1, sign)),
      el(
        'ram:ApplicableHeaderTradeAgreement',
        party('ram:SellerTradeParty', input.seller, { seller: true }),
        party('ram:BuyerTradeParty', input.buyer, { seller: false }),
      ),
      el('ram:ApplicableHeaderTradeDelivery'),
      headerSettlement({ input, kind, statement, number, total }),
    ) +
    '</rsm:CrossIndustryInvoice>\n'
  );
}

/** BG-19 to BG-22: how and when it is paid, the VAT exemption, the totals, the invoice an avoir corrects. */
function headerSettlement({ input, kind, statement, number, total }: SettlementParts): string {
  const prepaid = statement.kind === 'paid' || statement.kind === 'paid-by-card' ? total : 0;
  const directDebit = statement.kind === 'debit';
  const cited = kind === 'avoir' ? input.correctedInvoice : null;
  return el(
    'ram:ApplicableHeaderTradeSettlement',
    directDebit && optionalText('ram:CreditorReferenceID', input.directDebit.creditorIdentifier),
    kind === 'facture' && text('ram:PaymentReference', number),
    text('ram:InvoiceCurrencyCode', 'EUR'),
    kind === 'facture' && paymentMeans(statement, input),
    el(
      'ram:ApplicableTradeTax',
      amount('ram:CalculatedAmount', 0),
      text('ram:TypeCode', 'VAT'),
      text('ram:ExemptionReason', DOCUMENT_TEXT.einvoice.vatExemptionReason),
      amount('ram:BasisAmount', total),
      text('ram:CategoryCode', 'E'),
      text('ram:ExemptionReasonCode', VAT_EXEMPTION_CODE),
      text('ram:RateApplicablePercent', '0'),
    ),
    el(
      'ram:BillingSpecifiedPeriod',
      day102('ram:StartDateTime', input.season.start),
      day102('ram:EndDateTime', input.season.end),
    ),
    paymentTerms(statement, directDebit ? input.directDebit.mandateReference : null),
    el(
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      amount('ram:LineTotalAmount', total),
      amount('ram:TaxBasisTotalAmount', total),
      amount('ram:TaxTotalAmount', 0, { currencyID: 'EUR' }),
      amount('ram:GrandTotalAmount', total),
      amount('ram:TotalPrepaidAmount', prepaid),
      amount('ram:DuePayableAmount', total - prepaid),
    ),
    cited && el('ram:InvoiceReferencedDocument', text('ram:IssuerAssignedID', invoiceNumber(cited.seasonId, cited.id))),
  );
}

interface SettlementParts {
  input: InvoiceInput;
  kind: 'facture' | 'avoir';
  statement: SettlementStatement;
  number: string;
  total: Cents;
}

const note = (content: string, subject: string) =>
  el('ram:IncludedNote', text('ram:Content', content), text('ram:SubjectCode', subject));

/** BG-25: a line; a negative line (a discount) bills a negative quantity at a positive price (BR-27). */
function lineItem(line: DocumentLine, id: number, sign: number): string {
  const price = Math.abs(line.unitPrice);
  const quantity = line.unitPrice < 0 ? -line.quantity : line.quantity;
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    el('ram:AssociatedDocumentLineDocument', text('ram:LineID', String(id))),
    el('ram:SpecifiedTradeProduct', text('ram:Name', line.label)),
    el('ram:SpecifiedLineTradeAgreement', el('ram:NetPriceProductTradePrice', amount('ram:ChargeAmount', price))),
    el('ram:SpecifiedLineTradeDelivery', text('ram:BilledQuantity', String(sign * quantity), { unitCode: 'C62' })),
    el(
      'ram:SpecifiedLineTradeSettlement',
      el(
        'ram:ApplicableTradeTax',
        text('ram:TypeCode', 'VAT'),
        text('ram:CategoryCode', 'E'),
        text('ram:RateApplicablePercent', '0'),
      ),
      el('ram:SpecifiedTradeSettlementLineMonetarySummation', amount('ram:LineTotalAmount', sign * line.amount)),
    ),
  );
}

/**
 * BG-4 / BG-7: name, SIREN as legal registration id (scheme 0002), address (country FR), the
 * electronic address (the SIREN under scheme 0225, the French directory's, else the e-mail).
 * The seller also states its SIREN as tax registration (BT-32, 'FC'): a VAT-exempt seller
 * has no VAT number, and EN 16931 (BR-E-02) wants one of the two.
 */
function party(name: string, structure: DocumentStructure, { seller }: { seller: boolean }): string {
  const siren = digitsOf(structure.siren);
  const knownSiren = siren?.length === 9 ? siren : null;
  const electronic = knownSiren
    ? text('ram:URIID', knownSiren, { schemeID: '0225' })
    : structure.email && text('ram:URIID', structure.email, { schemeID: 'EM' });
  return el(
    name,
    text('ram:Name', structure.name),
    knownSiren && el('ram:SpecifiedLegalOrganization', text('ram:ID', knownSiren, { schemeID: '0002' })),
    address(structure.address),
    electronic && el('ram:URIUniversalCommunication', electronic),
    seller && knownSiren && el('ram:SpecifiedTaxRegistration', text('ram:ID', knownSiren, { schemeID: 'FC' })),
  );
}

function address(value: DocumentAddress | null): string {
  return el(
    'ram:PostalTradeAddress',
    optionalText('ram:PostcodeCode', value?.postalCode),
    optionalText('ram:LineOne', value?.line1),
    optionalText('ram:LineTwo', value?.line2),
    optionalText('ram:CityName', value?.city),
    text('ram:CountryID', 'FR'),
  );
}

/** BG-16: card for an Affiliation (paid), direct debit for category 5, else transfer to the head office. */
function paymentMeans(statement: SettlementStatement, input: InvoiceInput): string | null {
  if (statement.kind === 'paid-by-card')
    return el('ram:SpecifiedTradeSettlementPaymentMeans', text('ram:TypeCode', PAYMENT_MEANS_CODES.card));
  if (statement.kind === 'debit' && input.flux.categoryId === FluxCategory.Prelevement) {
    return el('ram:SpecifiedTradeSettlementPaymentMeans', text('ram:TypeCode', PAYMENT_MEANS_CODES.directDebit));
  }
  if (!input.sellerBank) return null;
  return el(
    'ram:SpecifiedTradeSettlementPaymentMeans',
    text('ram:TypeCode', PAYMENT_MEANS_CODES.transfer),
    el('ram:PayeePartyCreditorFinancialAccount', text('ram:IBANID', input.sellerBank.iban.replace(/\s/g, ''))),
    input.sellerBank.bic &&
      el('ram:PayeeSpecifiedCreditorFinancialInstitution', text('ram:BICID', input.sellerBank.bic)),
  );
}

/** BG-20's payment terms: the PDF's settlement line (BT-20), the due or debit day (BT-9), the mandate (BT-89). */
function paymentTerms(statement: SettlementStatement, mandateReference: string | null): string {
  const due =
    statement.kind === 'due'
      ? statement.day
      : statement.kind === 'debit'
        ? statement.debit.fixed
          ? statement.debit.day
          : statement.debit.earliest
        : null;
  const description = settlementLine(statement) ?? paidNote(statement, PAID_BY_CARD_NOTE) ?? '';
  return el(
    'ram:SpecifiedTradePaymentTerms',
    text('ram:Description', description),
    due && day102('ram:DueDateDateTime', due),
    optionalText('ram:DirectDebitMandateID', mandateReference),
  );
}

function digitsOf(value: string | null): string | null {
  return value ? value.replace(/\D/g, '') : null;
}

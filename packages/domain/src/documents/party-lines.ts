import type { DocumentAddress, DocumentPerson, DocumentStructure } from './document-input';
import { DOCUMENT_TEXT } from './document-messages';

const present = (value: string | null | undefined): value is string => !!value && value.trim() !== '';
const party = DOCUMENT_TEXT.party;

/** "12 rue X", "Bât. B", "38000 Grenoble": empty parts are skipped. */
export function addressLines(address: DocumentAddress | null): string[] {
  if (!address) return [];
  const town = [address.postalCode, address.city].filter(present).join(' ');
  return [address.line1, address.line2, town].filter(present);
}

function contactLines(contact: { email: string | null; phone: string | null }): string[] {
  return [
    present(contact.email) ? party.email(contact.email) : null,
    present(contact.phone) ? party.phone(contact.phone) : null,
  ].filter(present);
}

function personName(person: DocumentPerson): string {
  return `${person.firstName} ${person.lastName.toUpperCase()}`;
}

const sirenLine = (structure: DocumentStructure) => (present(structure.siren) ? [party.siren(structure.siren)] : []);
/**
 * R-DUE-03, R-STMT-01: 'Code fédéral : …' for a structure that has a federal code, nothing for
 * one that has none; the head office's placeholder, all zeros ('000'), is not a federal code.
 * Every party block (documents, relevé de compte, reminder letters) prints it through here.
 */
export function federalCodeLines(code: string | null | undefined): string[] {
  return present(code) && !/^0+$/.test(code.trim()) ? [party.federalCode(code.trim())] : [];
}

const codeLine = (structure: DocumentStructure) => federalCodeLines(structure.federalCode);

/** Seller block: name, address, contact and SIREN of the head office. */
export function sellerLines(seller: DocumentStructure): string[] {
  return [...addressLines(seller.address), ...contactLines(seller), ...sirenLine(seller)];
}

/**
 * Buyer block of an ordinary invoice: the structure's address, and its SIREN when known
 * (CGI annex II art. 242 nonies A, as amended for the e-invoicing reform).
 */
export function buyerAddressLines(buyer: DocumentStructure): string[] {
  return [...codeLine(buyer), ...addressLines(buyer.address), ...sirenLine(buyer)];
}

/**
 * Buyer block of an Affiliation invoice (R-FACT-03): the correspondent's name,
 * postal address when known, and contact in place of the structure's address; the
 * structure's own contact when it has no correspondent. The SIREN as on every invoice.
 */
export function buyerCorrespondentLines(buyer: DocumentStructure, correspondent: DocumentPerson | null): string[] {
  if (!correspondent) return [...codeLine(buyer), ...contactLines(buyer), ...sirenLine(buyer)];
  return [
    ...codeLine(buyer),
    party.correspondent(personName(correspondent)),
    ...addressLines(correspondent.address),
    ...contactLines(correspondent),
    ...sirenLine(buyer),
  ];
}

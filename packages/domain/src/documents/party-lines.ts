import type { DocumentAddress, DocumentPerson, DocumentStructure } from './document-input';

const present = (value: string | null | undefined): value is string => !!value && value.trim() !== '';

/** "12 rue X", "Bât. B", "38000 Grenoble": empty parts are skipped. */
export function addressLines(address: DocumentAddress | null): string[] {
  if (!address) return [];
  const town = [address.postalCode, address.city].filter(present).join(' ');
  return [address.line1, address.line2, town].filter(present);
}

export function contactLines(contact: { email: string | null; phone: string | null }): string[] {
  return [
    present(contact.email) ? `E-mail : ${contact.email}` : null,
    present(contact.phone) ? `Tél. : ${contact.phone}` : null,
  ].filter(present);
}

export function personName(person: DocumentPerson): string {
  return `${person.firstName} ${person.lastName.toUpperCase()}`;
}

/** Seller block: name, address, contact and SIREN of the head office. */
export function sellerLines(seller: DocumentStructure): string[] {
  return [
    ...addressLines(seller.address),
    ...contactLines(seller),
    present(seller.siren) ? `SIREN : ${seller.siren}` : null,
  ].filter(present);
}

/** Buyer block of an ordinary invoice: the structure's address. */
export function buyerAddressLines(buyer: DocumentStructure): string[] {
  return [
    present(buyer.federalCode) ? `Code fédéral : ${buyer.federalCode}` : null,
    ...addressLines(buyer.address),
  ].filter(present);
}

/**
 * Buyer block of an Affiliation invoice (SPEC.md section 4): the correspondent's name and
 * contact in place of the address; the structure's own contact when it has no correspondent.
 */
export function buyerCorrespondentLines(buyer: DocumentStructure, correspondent: DocumentPerson | null): string[] {
  const code = present(buyer.federalCode) ? [`Code fédéral : ${buyer.federalCode}`] : [];
  if (!correspondent) return [...code, ...contactLines(buyer)];
  return [...code, `Correspondant : ${personName(correspondent)}`, ...contactLines(correspondent)];
}

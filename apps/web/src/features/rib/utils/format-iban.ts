/**
 * "FR7630006000011234567890189" -> "FR76 3000 6000 0112 3456 7890 189": groups of four,
 * as printed on a RIB. Works on masked IBANs too ("•••• •••• … 0189").
 */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

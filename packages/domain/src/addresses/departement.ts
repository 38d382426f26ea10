/**
 * The French department of a postal code (code postal), as ADR_Departement.CodeDepartement
 * spells it: two characters in metropolitan France ("01".."95"), "2A"/"2B" in Corsica,
 * three digits overseas ("971".."976", and the 98x collectivities).
 */
export function departementCodeFromPostalCode(postalCode: string): string | null {
  const code = postalCode.trim();
  if (!/^\d{5}$/.test(code)) return null;
  const prefix = code.slice(0, 2);
  if (prefix === '00') return null;
  // Corsica shares the 20 prefix: 200xx-201xx is Corse-du-Sud, 202xx and above Haute-Corse.
  if (prefix === '20') return Number(code) < 20200 ? '2A' : '2B';
  // Overseas departments and collectivities use a three-digit code (971 Guadeloupe...).
  if (prefix === '97' || prefix === '98') return code.slice(0, 3);
  return prefix;
}

/**
 * Cell rules of the results table and the detail modal (R-FLUX-01, R-FLUX-02, "Results table
 * columns"): Débit shows MontantTTC when EST_Debit is true, otherwise '-'; Crédit the
 * reverse; a licensee without a user record shows 'N.C'.
 */
export const NO_AMOUNT = '-';
export const NOT_COMMUNICATED = 'N.C';
/** Above this the page shows "plus de 10 000" from a capped count (R-SEARCH-13). */
export const FLUX_TOTAL_CAP = 10_000;

export interface SignedAmount {
  MontantTTC: string | number;
  EST_Debit: boolean;
}

export function debitCell(flux: SignedAmount, format: (amount: string | number) => string): string {
  return flux.EST_Debit ? format(flux.MontantTTC) : NO_AMOUNT;
}

export function creditCell(flux: SignedAmount, format: (amount: string | number) => string): string {
  return flux.EST_Debit ? NO_AMOUNT : format(flux.MontantTTC);
}

export interface LicenseeFields {
  CT_Nom: string | null;
  CT_Prenom: string | null;
  LicenceNumero?: number | string | null;
}

/** "NOM Prénom", or 'N.C' when the flux has no user record. */
export function licenseeName(user: LicenseeFields | null | undefined): string {
  if (!user) return NOT_COMMUNICATED;
  const name = [user.CT_Nom?.toUpperCase(), user.CT_Prenom].filter(Boolean).join(' ');
  return name || NOT_COMMUNICATED;
}

export function licenceNumber(user: LicenseeFields | null | undefined): string {
  return user?.LicenceNumero === null || user?.LicenceNumero === undefined
    ? NOT_COMMUNICATED
    : String(user.LicenceNumero);
}

/** The total shown above the table: "plus de 10 000" when the capped count passed the cap. */
export function totalLabel(cappedCount: number, formatInteger: (value: number) => string): string {
  return cappedCount > FLUX_TOTAL_CAP ? `plus de ${formatInteger(FLUX_TOTAL_CAP)}` : formatInteger(cappedCount);
}

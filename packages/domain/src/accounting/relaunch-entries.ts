/**
 * A relaunched direct debit books nothing (R-FLUX-12): the relaunch
 * (R-FLUX-05) presents the same debt to the bank again, one month later. The
 * original flux's entry already holds the sale and the receivable, which stands until the
 * debt is paid; booking the copy too would count the revenue twice. A copy is known by
 * its original (the flux whose ID_FluxFinancierRelance points to it).
 */
export function booksEntry(flux: { relaunchOf: number | null }): boolean {
  return flux.relaunchOf === null;
}

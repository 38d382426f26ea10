import type { BankEntryView, BankMatchFlux } from '@gdf/domain';

/**
 * R-BANK-10: the first flux of these that belongs to another structure than the entry's
 * identified payer (confirming it asks first), null when all are the payer's or no payer is
 * identified.
 */
export function fluxOfAnotherStructure(
  entry: Pick<BankEntryView, 'payeur'>,
  flux: readonly Pick<BankMatchFlux, 'ID_Structure' | 'NomStructure'>[],
): Pick<BankMatchFlux, 'ID_Structure' | 'NomStructure'> | null {
  const payer = entry.payeur;
  if (!payer) return null;
  return flux.find((item) => item.ID_Structure !== payer.ID_Structure) ?? null;
}

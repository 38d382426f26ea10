import type { FluxOrderBy } from '../api/flux-row';
import type { FluxSearchState, SortColumn, SortDirection } from './search-url';

const SORT_PATHS: Record<SortColumn, (direction: SortDirection) => Record<string, unknown>[]> = {
  id: (direction) => [{ id: direction }],
  licence: (direction) => [{ UTI_Utilisateur: { LicenceNumero: direction } }],
  licensee: (direction) => [{ UTI_Utilisateur: { CT_Nom: direction } }],
  createdAt: (direction) => [{ Z_DateCreation: direction }],
  structure: (direction) => [{ STR_Structure: { NomStructure: direction } }],
  label: (direction) => [{ NomFluxFinancier: direction }],
  // 'Débit' sorts the debits by amount, then the credits; 'Crédit' the other way round.
  debit: (direction) => [{ EST_Debit: 'desc' }, { MontantTTC: direction }],
  credit: (direction) => [{ EST_Debit: 'asc' }, { MontantTTC: direction }],
  amount: (direction) => [{ MontantTTC: direction }],
};

/**
 * Server-side order; id last, so pages never overlap or skip rows of equal keys. The id goes
 * the sort's way: the date indexes end with id, so both directions walk one of them.
 */
export function fluxOrderBy(sort: FluxSearchState['sort']): FluxOrderBy {
  const order = SORT_PATHS[sort.column](sort.direction);
  if (sort.column !== 'id') order.push({ id: sort.direction });
  return order;
}

import { centsToDecimal, labelProblem, toCents } from '@gdf/domain';
import { badRequest } from '../../lib/http-errors';
import {
  DETAIL_WRITABLE_COLUMNS,
  FLUX_WRITABLE_COLUMNS,
  type ColumnValues,
  type DetailWritableColumn,
  type FluxWritableColumn,
} from './flux-writable-columns';

export type FluxValues = ColumnValues<FluxWritableColumn>;
export type DetailValues = ColumnValues<DetailWritableColumn>;

const REQUIRED_ON_INSERT: readonly FluxWritableColumn[] = [
  'NomFluxFinancier',
  'MontantHT',
  'MontantTTC',
  'EST_Debit',
  'ID_CategoryFlux',
  'ID_Saison',
  'ID_Structure',
];
const NOT_NULL: readonly string[] = [...REQUIRED_ON_INSERT, 'Z_DateCreation', 'MontantTVA', 'EST_Reglement'];
const REQUIRED_DETAIL: readonly DetailWritableColumn[] = [
  'NomFluxFinancierDetail',
  'PrixUnitaire',
  'MontantHT',
  'MontantTTC',
  'EST_Debit',
];
const MONEY_COLUMNS = new Set(['MontantHT', 'MontantTVA', 'MontantTTC', 'PrixUnitaire']);
/** numeric(12,2): below 10 000 000 000 in absolute value. */
const MAX_CENTS = 999_999_999_999;
export const MAX_DETAIL_LINES = 100;

/** Keeps only whitelisted columns and checks values (French messages, 400). */
export function cleanFluxValues(input: Record<string, unknown>, mode: 'insert' | 'update'): FluxValues {
  const values = cleanValues(input, FLUX_WRITABLE_COLUMNS, 'flux');
  if (mode === 'insert') requireColumns(values, REQUIRED_ON_INSERT, 'flux');
  return values as FluxValues;
}

export function cleanDetailValues(input: Record<string, unknown>): DetailValues {
  const values = cleanValues(input, DETAIL_WRITABLE_COLUMNS, 'ligne de détail');
  requireColumns(values, REQUIRED_DETAIL, 'ligne de détail');
  if (values.Quantite !== undefined && (typeof values.Quantite !== 'number' || values.Quantite < 1)) {
    throw badRequest('Quantite doit être un entier positif.');
  }
  return values as DetailValues;
}

function cleanValues(
  input: Record<string, unknown>,
  types: Record<string, string>,
  what: string,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (!(column in types)) throw badRequest(`La colonne ${column} ne peut pas être modifiée (${what}).`);
    if (value === null && NOT_NULL.includes(column)) throw badRequest(`${column} est obligatoire.`);
    values[column] = MONEY_COLUMNS.has(column) && value !== null ? money(column, value) : value;
  }
  const label = values.NomFluxFinancier ?? values.NomFluxFinancierDetail;
  const problem = typeof label === 'string' ? labelProblem(label, 'Le libellé') : null;
  if (problem) throw badRequest(problem);
  return values;
}

function requireColumns(values: Record<string, unknown>, required: readonly string[], what: string): void {
  const missing = required.filter((column) => values[column] === undefined || values[column] === null);
  if (missing.length > 0) throw badRequest(`Champs obligatoires manquants (${what}) : ${missing.join(', ')}.`);
}

/** An exact amount with at most 2 decimals that fits numeric(12,2), as a decimal string. */
function money(column: string, value: unknown): string {
  let cents: number;
  try {
    cents = toCents(typeof value === 'number' ? String(value) : String(value));
  } catch {
    throw badRequest(`${column} : montant invalide (nombre décimal avec au plus 2 décimales).`);
  }
  if (Math.abs(cents) > MAX_CENTS) throw badRequest(`${column} : montant hors limites.`);
  return centsToDecimal(cents);
}

import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import { structureScopeCondition, structureScopeEstimateCondition, type RequestScope } from '../../modules/scope/scope';
import { TABLES, type ColumnMeta, type TableName } from './tables';

/**
 * Which rows of a table the caller may read (R-SCOPE-01, R-SCOPE-02, R-SCOPE-06), ANDed into every root
 * query, nested relation, relation filter and relation ordering.
 * - public: reference data every signed-in user may read;
 * - relation-only: no root field; rows are reached only from a visible parent row;
 * - condition: an SQL condition on the row alias.
 */
export type ScopeRule =
  | { kind: 'public' }
  | { kind: 'relation-only' }
  | { kind: 'condition'; build(alias: string, scope: RequestScope, params: unknown[]): string };

const fluxCondition = (alias: string, scope: RequestScope, params: unknown[]) =>
  structureScopeCondition(scope, `${alias}."ID_Structure"`, params);

export const SCOPE_RULES: Record<TableName, ScopeRule> = {
  MKP_FluxFinancier: { kind: 'condition', build: fluxCondition },
  // A detail line is visible when its flux is.
  MKP_FluxFinancierDetail: {
    kind: 'condition',
    build: (alias, scope, params) =>
      scope.unrestricted
        ? 'TRUE'
        : `EXISTS (SELECT 1 FROM "MKP_FluxFinancier" sf WHERE sf.id = ${alias}."ID_FluxFinancier" AND ${fluxCondition('sf', scope, params)})`,
  },
  // Deliberate exception: the head office (1318) heads every invoice, so everyone may read it.
  STR_Structure: {
    kind: 'condition',
    build: (alias, scope, params) => structureScopeCondition(scope, `${alias}.id`, params, HEAD_OFFICE_STRUCTURE_ID),
  },
  // A request is the federation's it was made to; once its structure exists, also that
  // structure's (and so visible to whoever sees the structure).
  STR_AffiliationTemporaire: {
    kind: 'condition',
    build: (alias, scope, params) =>
      scope.unrestricted
        ? 'TRUE'
        : `(${structureScopeCondition(scope, `${alias}."ID_Federation"`, params)} OR ${structureScopeCondition(scope, `${alias}."ID_Structure"`, params)})`,
  },
  FEDE_Saison: { kind: 'public' },
  STR_StructureType: { kind: 'public' },
  MKP_CategoryFlux: { kind: 'public' },
  UTI_Utilisateur: { kind: 'relation-only' },
  // Reached only from its flux, which carries the scope.
  MKP_RetourPrelevement: { kind: 'relation-only' },
  // Reached from a structure (its postal address) or a person (a home address): a
  // head-office person's home address is theirs, not the invoice's (R-SCOPE-07).
  ADR_Adresse: {
    kind: 'condition',
    build: (alias, scope, params) =>
      seesHeadOffice(scope)
        ? 'TRUE'
        : `(${alias}."ID_Utilisateur" IS NULL OR NOT ${headOfficePerson(`${alias}."ID_Utilisateur"`, params)})`,
  },
};

/**
 * Columns read as null (in selections, filters, sorts and aggregates alike) unless
 * `visible` holds on the row: what the head office exception (1318 heads every invoice)
 * must not open to every user (R-SCOPE-07). An invoice prints the head office's name,
 * address and SIREN; its e-mail and phone, and its people's e-mail, phone and licence
 * number, stay with the head office (and super administrators).
 */
interface ColumnRule {
  columns: ReadonlySet<string>;
  /** SQL condition on `alias` under which the columns are readable; null: always. */
  visible(alias: string, scope: RequestScope, params: unknown[]): string | null;
}

const COLUMN_RULES: Partial<Record<TableName, ColumnRule>> = {
  // Readable on the structures in scope, not on 1318 reached through the exception.
  STR_Structure: {
    columns: new Set(['CT_Email', 'CT_Telephone']),
    visible: (alias, scope, params) => {
      const condition = structureScopeCondition(scope, `${alias}.id`, params);
      return condition === 'TRUE' ? null : condition;
    },
  },
  // A head-office person (member or correspondent of 1318), however reached: 1318's
  // correspondent, or a licensee named on a club's flux.
  UTI_Utilisateur: {
    columns: new Set(['CT_Email', 'CT_Telephone', 'LicenceNumero']),
    visible: (alias, scope, params) =>
      seesHeadOffice(scope) ? null : `NOT ${headOfficePerson(`${alias}.id`, params)}`,
  },
};

/** The condition under which `table.column` is readable on `alias`, or null when it always is. */
export function columnVisibility(
  table: TableName,
  column: string,
  alias: string,
  scope: RequestScope,
  params: unknown[],
): string | null {
  const exposure = exposureVisibility(TABLES[table].columns[column], scope);
  if (exposure !== null) return exposure;
  const rule = COLUMN_RULES[table];
  return rule?.columns.has(column) ? rule.visible(alias, scope, params) : null;
}

/**
 * A column exposed 'head-office' (tables.ts) reads as null, on every row, for anyone but the
 * head office and super administrators (R-SCOPE-07): 'FALSE', else null (no condition).
 */
export function exposureVisibility(meta: ColumnMeta | undefined, scope: RequestScope): string | null {
  return meta?.headOfficeOnly && !seesHeadOffice(scope) ? 'FALSE' : null;
}

function seesHeadOffice(scope: RequestScope): boolean {
  return scope.unrestricted || scope.currentStructureId === HEAD_OFFICE_STRUCTURE_ID;
}

/** Whether the user `userColumn` is a member or the correspondent of the head office. */
function headOfficePerson(userColumn: string, params: unknown[]): string {
  const headOffice = `$${params.push(HEAD_OFFICE_STRUCTURE_ID)}`;
  return `(EXISTS (SELECT 1 FROM "STR_StructureUtilisateur" hm WHERE hm."ID_Utilisateur" = ${userColumn} AND hm."ID_Structure" = ${headOffice}::integer)
    OR EXISTS (SELECT 1 FROM "STR_Structure" hs WHERE hs.id = ${headOffice}::integer AND hs."ID_Correspondant" = ${userColumn}))`;
}

/**
 * The scope condition of `table` for the planner's row estimate only (count-estimate.ts):
 * the same rows, the flux's federation scope in the form PostgreSQL estimates.
 */
export function estimateScopeCondition(
  table: TableName,
  alias: string,
  scope: RequestScope,
  params: unknown[],
): string | null {
  if (table !== 'MKP_FluxFinancier') return scopeCondition(table, alias, scope, params);
  const condition = structureScopeEstimateCondition(scope, `${alias}."ID_Structure"`, params);
  return condition === 'TRUE' ? null : condition;
}

/** The scope condition of `table` on `alias`, or null when the table adds none. */
export function scopeCondition(table: TableName, alias: string, scope: RequestScope, params: unknown[]): string | null {
  const rule = SCOPE_RULES[table];
  if (rule.kind !== 'condition') return null;
  const condition = rule.build(alias, scope, params);
  return condition === 'TRUE' ? null : condition;
}

import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import { structureScopeCondition, type RequestScope } from '../../modules/scope/scope';
import type { TableName } from './tables';

/**
 * Which rows of a table the caller may read (DESIGN.md section 4), ANDed into every root
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
  ADR_Adresse: { kind: 'relation-only' },
};

/** The scope condition of `table` on `alias`, or null when the table adds none. */
export function scopeCondition(table: TableName, alias: string, scope: RequestScope, params: unknown[]): string | null {
  const rule = SCOPE_RULES[table];
  if (rule.kind !== 'condition') return null;
  const condition = rule.build(alias, scope, params);
  return condition === 'TRUE' ? null : condition;
}

import {
  actionRefusal,
  CARD_TOOLTIPS,
  moduleAccessRefusal,
  StructureType,
  type ActionGrant,
  type ModuleSlugValue,
  type StructureTypeId,
} from '@gdf/domain';
import { forbidden } from '../../lib/http-errors';
import type { Actor } from './actor';

// The scope rules, without I/O: what a request's scope sees (an SQL condition) and which
// modules and grants it holds. plugins/scope.ts builds the scope of a request.

/**
 * What one request may see (R-SCOPE-01 to R-SCOPE-06): a member structure sees its own rows;
 * a type-7 structure also sees every structure whose ID_Federation is its id;
 * super_administrateur sees everything.
 */
export interface RequestScope {
  actor: Actor;
  /** The structure the caller acts for: header X-Structure-Id or query structureId. */
  currentStructureId: number;
  currentStructureType: StructureTypeId;
  /** True for super_administrateur: no structure restriction. */
  unrestricted: boolean;
  /** The current structure's standing, which gates every module (R-PERM-02). */
  standing: StructureStanding;
}

export interface StructureStanding {
  blocked: boolean;
  /** Affiliated on at least one season. */
  affiliated: boolean;
  affiliatedCurrentSeason: boolean;
}

/**
 * SQL condition restricting `column` (a structure id column) to the scope, plus
 * `alsoVisible` when given (a structure every caller may see). Appends its parameters to
 * `params` and refers to them by position: never interpolates values. A federation's
 * members are a hashed subplan: measured on 2,000,000 flux, the planner keeps better
 * plans for relation filters (a name search) with this form than with a semi-join.
 */
export function structureScopeCondition(
  scope: Pick<RequestScope, 'unrestricted' | 'currentStructureId' | 'currentStructureType'>,
  column: string,
  params: unknown[],
  alsoVisible?: number,
): string {
  if (scope.unrestricted) return 'TRUE';
  const alsoThat = alsoVisible === undefined ? '' : `${column} = $${params.push(alsoVisible)} OR `;
  const ref = `$${params.push(scope.currentStructureId)}`;
  if (scope.currentStructureType === StructureType.Federation) {
    return `(${alsoThat}${column} = ${ref} OR ${column} IN (SELECT s.id FROM "STR_Structure" s WHERE s."ID_Federation" = ${ref}))`;
  }
  return alsoThat ? `(${alsoThat}${column} = ${ref})` : `${column} = ${ref}`;
}

/**
 * The rows of structureScopeCondition (no `alsoVisible`), written for the planner's row
 * estimate only, never run: a federation's members as a semi-join on the structures,
 * which PostgreSQL estimates from the structures' statistics, where `= ref OR IN
 * (subquery)` is a default guess of about half the rows, whatever the federation holds.
 */
export function structureScopeEstimateCondition(
  scope: Pick<RequestScope, 'unrestricted' | 'currentStructureId' | 'currentStructureType'>,
  column: string,
  params: unknown[],
): string {
  if (scope.currentStructureType !== StructureType.Federation || scope.unrestricted)
    return structureScopeCondition(scope, column, params);
  const ref = `$${params.push(scope.currentStructureId)}`;
  return `EXISTS (SELECT 1 FROM "STR_Structure" s WHERE s.id = ${column} AND (s.id = ${ref} OR s."ID_Federation" = ${ref}))`;
}

/**
 * Why the current structure may not open a module, or null: the domain's card-state
 * precedence (moduleAccessRefusal: blocked > not affiliated > not affiliated this season >
 * no permission, R-PERM-02) with the cards' texts. super_administrateur bypasses all of them.
 */
export function moduleRefusal(scope: RequestScope, slug: ModuleSlugValue): string | null {
  const holdsPermission = scope.actor.permissions.get(scope.currentStructureId)?.has(slug) ?? false;
  const refusal = moduleAccessRefusal(scope.actor, scope.standing, holdsPermission);
  return refusal === null ? null : CARD_TOOLTIPS[refusal];
}

export function hasModule(scope: RequestScope, slug: ModuleSlugValue): boolean {
  return moduleRefusal(scope, slug) === null;
}

/** The server refuses what the dashboard greys out (R-PERM-09), whatever the UI shows. */
export function requireModule(scope: RequestScope, slug: ModuleSlugValue): void {
  const refusal = moduleRefusal(scope, slug);
  if (refusal) throw forbidden(refusal);
}

/** Whether the caller holds a write grant ('module:action') for the current structure. */
export function hasGrant(scope: RequestScope, grant: ActionGrant): boolean {
  if (moduleRefusal(scope, grant.split(':')[0] as ModuleSlugValue) !== null) return false;
  return scope.actor.isSuperAdmin || (scope.actor.grants.get(scope.currentStructureId)?.has(grant) ?? false);
}

/**
 * Writes are a permission of their own (R-PERM-06): the module must open for the current
 * structure (same refusals as reading), then its role must hold the write grant. `refusal`
 * names the action when the grant covers several (a SEPA write generates or cancels).
 */
export function requireGrant(scope: RequestScope, grant: ActionGrant, refusal = actionRefusal(grant)): void {
  requireModule(scope, grant.split(':')[0] as ModuleSlugValue);
  if (!hasGrant(scope, grant)) throw forbidden(refusal);
}

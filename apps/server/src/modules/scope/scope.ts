import { StructureType, type ModuleSlugValue, type StructureTypeId } from '@gdf/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { badRequest, forbidden } from '../../lib/http-errors';
import { requireActor } from '../../plugins/auth';
import type { Actor } from '../auth/actor';

/**
 * What one request may see (DESIGN.md section 4): a member structure sees its own rows;
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
}

export const STRUCTURE_HEADER = 'x-structure-id';

/** Picks the current structure among the caller's memberships (super admins may pick any). */
export async function resolveScope(request: FastifyRequest, database: Database): Promise<RequestScope> {
  const actor = requireActor(request);
  const requested = requestedStructureId(request);
  const membership =
    requested === null ? actor.memberships[0] : actor.memberships.find((m) => m.structureId === requested);
  if (membership) {
    return {
      actor,
      currentStructureId: membership.structureId,
      currentStructureType: membership.structureType,
      unrestricted: actor.isSuperAdmin,
    };
  }
  if (requested !== null && actor.isSuperAdmin) {
    const rows = await database.query<{ type: StructureTypeId }>(
      `SELECT "ID_TypeStructure" AS "type" FROM "STR_Structure" WHERE id = $1`,
      [requested],
    );
    if (rows[0])
      return { actor, currentStructureId: requested, currentStructureType: rows[0].type, unrestricted: true };
  }
  throw forbidden("Vous n'avez pas accès à cette structure.");
}

function requestedStructureId(request: FastifyRequest): number | null {
  const header = request.headers[STRUCTURE_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.structureId;
  const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,9}$/.test(raw)) throw badRequest('Identifiant de structure invalide');
  return Number(raw);
}

/**
 * SQL condition restricting `column` (a structure id column) to the scope. Appends its
 * parameters to `params` and refers to them by position: never interpolates values.
 */
export function structureScopeCondition(scope: RequestScope, column: string, params: unknown[]): string {
  if (scope.unrestricted) return 'TRUE';
  params.push(scope.currentStructureId);
  const ref = `$${params.length}`;
  if (scope.currentStructureType === StructureType.Federation) {
    return `(${column} = ${ref} OR ${column} IN (SELECT s.id FROM "STR_Structure" s WHERE s."ID_Federation" = ${ref}))`;
  }
  return `${column} = ${ref}`;
}

/** Accepts the Database handle or a transaction (anything with the same `query`). */
export async function canSeeStructure(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  structureId: number,
): Promise<boolean> {
  const params: unknown[] = [structureId];
  const rows = await database.query(
    `SELECT 1 FROM "STR_Structure" st WHERE st.id = $1 AND ${structureScopeCondition(scope, 'st.id', params)}`,
    params,
  );
  return rows.length > 0;
}

/** Module permission of the current structure's role (SPEC.md section 6). */
export function hasModule(scope: RequestScope, slug: ModuleSlugValue): boolean {
  return scope.actor.isSuperAdmin || (scope.actor.permissions.get(scope.currentStructureId)?.has(slug) ?? false);
}

export function requireModule(scope: RequestScope, slug: ModuleSlugValue): void {
  if (!hasModule(scope, slug)) {
    throw forbidden(
      "Vous n'avez pas les droits nécessaire pour accéder à ce module. Merci de contacter un administrateur.",
    );
  }
}

import type { StructureTypeId } from '@gdf/domain';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

/** Whose books, and who acts on them (null: the system, e.g. the demo seed). */
export interface BooksOwner {
  structureId: number;
  structureType: StructureTypeId;
  userId: number | null;
}

export const booksOwner = (scope: RequestScope): BooksOwner => ({
  structureId: scope.currentStructureId,
  structureType: scope.currentStructureType,
  userId: scope.actor.userId,
});

/**
 * The books of a structure hold its own flux and, for a federation, its members': the
 * same whoever acts (a super administrateur's unrestricted view must not widen them).
 */
export const booksScope = (owner: BooksOwner) => ({
  currentStructureId: owner.structureId,
  currentStructureType: owner.structureType,
  unrestricted: false,
});

export const booksCondition = (owner: BooksOwner, column: string, params: unknown[]) =>
  structureScopeCondition(booksScope(owner), column, params);

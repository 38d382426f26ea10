import { z } from 'zod';

/** PostgreSQL integer columns: larger ids cannot exist, so they are bad input, not a 404. */
const MAX_DATABASE_ID = 2_147_483_647;

/** A positive database id given as a JSON number. */
export const databaseId = z.number().int().min(1).max(MAX_DATABASE_ID);

/** A positive database id given as a path segment (":id"): digits only, no sign, no zero. */
const databaseIdSegment = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'doit être un identifiant numérique positif')
  .transform(Number)
  .pipe(databaseId);

export const idParams = z.object({ id: databaseIdSegment });

/**
 * A reference to another resource, written as its API path ("/api/structures/42",
 * "/api/saisons/2022"), as the original client sends them. Parsed strictly: exactly
 * that collection, one positive id, nothing before or after.
 */
function resourcePath(collection: string) {
  const shape = new RegExp(`^/api/${collection}/[1-9]\\d{0,9}$`);
  return z
    .string()
    .regex(shape, `doit être un chemin de la forme /api/${collection}/{id}`)
    .transform((value) => Number(value.slice(value.lastIndexOf('/') + 1)))
    .pipe(databaseId);
}

export const structurePath = resourcePath('structures');
export const seasonPath = resourcePath('saisons');

/** A DOC_TypeDocument slug such as avatar_structure. */
export const documentTypeSlug = z
  .string()
  .regex(/^[a-z0-9_]{1,64}$/, 'doit être un type de document (ex. avatar_structure)');

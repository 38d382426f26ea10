import type { ActionGrant, Membership, ModuleSlugValue, RoleSlugValue, StructureTypeId } from '@gdf/domain';
import type { Database } from '../../db/database';

export interface LoginRecord {
  userId: number;
  passwordHash: string;
  active: boolean;
}

export async function findLoginByEmail(database: Database, email: string): Promise<LoginRecord | null> {
  const rows = await database.query<LoginRecord>(
    `SELECT "ID_Utilisateur" AS "userId", "MotDePasseHash" AS "passwordHash", "EST_Actif" AS "active"
       FROM "UTI_Login" WHERE "Email" = $1`,
    [email],
  );
  return rows[0] ?? null;
}

export async function recordLogin(database: Database, userId: number): Promise<void> {
  await database.query(`UPDATE "UTI_Login" SET "DerniereConnexion" = now() WHERE "ID_Utilisateur" = $1`, [userId]);
}

interface ActorRow {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  structureId: number | null;
  structureName: string | null;
  structureType: StructureTypeId | null;
  codeFederal: string | null;
  roleSlug: RoleSlugValue | null;
  roleName: string | null;
  modules: ModuleSlugValue[] | null;
  grants: ActionGrant[] | null;
}

export interface ActorRecord {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  memberships: Membership[];
  modulesByMembership: ModuleSlugValue[][];
  /** Write grants ('module:action') per membership, in the same order. */
  grantsByMembership: ActionGrant[][];
}

/** One query: the user, each membership with its role, and the modules that role opens. */
export async function findActorRecord(database: Database, userId: number): Promise<ActorRecord | null> {
  const rows = await database.query<ActorRow>(
    `SELECT u.id AS "userId", u."CT_Prenom" AS "firstName", u."CT_Nom" AS "lastName", l."Email" AS "email",
            l."EST_Actif" AS "active", s.id AS "structureId", s."NomStructure" AS "structureName",
            s."ID_TypeStructure" AS "structureType", s."ID_CodeFederal" AS "codeFederal",
            r."SlugRole" AS "roleSlug", r."NomRole" AS "roleName",
            (SELECT array_agg(rm."SlugModule" ORDER BY rm."SlugModule") FROM "FEDE_RoleModule" rm
              WHERE rm."ID_Role" = r.id AND rm."EST_Acces" AND rm."Action" = 'lecture') AS "modules",
            (SELECT array_agg(rm."SlugModule" || ':' || rm."Action" ORDER BY rm."SlugModule", rm."Action")
               FROM "FEDE_RoleModule" rm
              WHERE rm."ID_Role" = r.id AND rm."EST_Acces" AND rm."Action" <> 'lecture') AS "grants"
       FROM "UTI_Utilisateur" u
       JOIN "UTI_Login" l ON l."ID_Utilisateur" = u.id
       LEFT JOIN "STR_StructureUtilisateur" m ON m."ID_Utilisateur" = u.id
       LEFT JOIN "STR_Structure" s ON s.id = m."ID_Structure"
       LEFT JOIN "FEDE_Role" r ON r.id = m."ID_Role"
      WHERE u.id = $1
      ORDER BY s."ID_TypeStructure" DESC, s."NomStructure", s.id`,
    [userId],
  );
  const first = rows[0];
  if (!first || !first.active) return null;
  const withMembership = rows.filter((row) => row.structureId !== null && row.roleSlug !== null);
  return {
    userId: first.userId,
    firstName: first.firstName,
    lastName: first.lastName,
    email: first.email,
    memberships: withMembership.map((row) => ({
      structureId: row.structureId as number,
      structureName: row.structureName ?? '',
      structureType: row.structureType as StructureTypeId,
      codeFederal: row.codeFederal,
      role: { slug: row.roleSlug as RoleSlugValue, name: row.roleName ?? '' },
    })),
    modulesByMembership: withMembership.map((row) => row.modules ?? []),
    grantsByMembership: withMembership.map((row) => row.grants ?? []),
  };
}

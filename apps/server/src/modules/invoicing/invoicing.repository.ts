import type { BulkSelection, TarifOption } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

type Reader = Pick<Database, 'query'> | Queryable;

export async function listTarifs(database: Reader): Promise<TarifOption[]> {
  return database.query<TarifOption>(
    `SELECT t.id, t."NomTarif" AS nom, (t."PrixUnitaire" * 100)::bigint::int AS "prixUnitaireCentimes",
            t."ID_CategoryFlux" AS categorie, t."ID_Saison" AS saison
       FROM "MKP_Tarif" t ORDER BY t."NomTarif", t.id`,
  );
}

/** The tarif ids among `ids` that exist. */
export async function existingTarifs(database: Reader, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await database.query<{ id: number }>(`SELECT id FROM "MKP_Tarif" WHERE id = ANY($1::int[])`, [
    intArray(ids),
  ]);
  return new Set(rows.map((row) => row.id));
}

/** What billing a structure depends on (R-INV-02, R-INV-08). */
export interface BillableStructure {
  id: number;
  name: string;
  federalCode: string | null;
  blocked: boolean;
  hasAddress: boolean;
  hasMandate: boolean;
}

/** A mandate as SEPA files need one: a valid RIB with its RUM and its signature date. */
const HAS_MANDATE = `EXISTS (SELECT 1 FROM "STR_StructureRib" rib WHERE rib."ID_Structure" = s.id AND rib."EST_Valide"
    AND coalesce(btrim(rib."MandatRUM"), '') <> '' AND rib."MandatDateSignature" IS NOT NULL)`;
const HAS_ADDRESS = `(a.id IS NOT NULL AND coalesce(btrim(a."Adresse1"), '') <> '' AND coalesce(btrim(a."Ville"), '') <> '')`;
const BILLABLE_COLUMNS = `s.id, s."NomStructure" AS name, s."ID_CodeFederal" AS "federalCode", s."EST_Bloquee" AS blocked,
    ${HAS_ADDRESS} AS "hasAddress", ${HAS_MANDATE} AS "hasMandate"`;

/** The structures of `ids` within the caller's scope, with their billing facts, by id. */
export async function billableStructures(
  database: Reader,
  scope: RequestScope,
  ids: readonly number[],
): Promise<BillableStructure[]> {
  if (ids.length === 0) return [];
  const params: unknown[] = [intArray(ids)];
  return database.query<BillableStructure>(
    `SELECT ${BILLABLE_COLUMNS}
       FROM "STR_Structure" s LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
      WHERE s.id = ANY($1::int[]) AND ${structureScopeCondition(scope, 's.id', params)}
      ORDER BY s.id`,
    params,
  );
}

/**
 * R-INV-08: the structures a bulk invoicing names, within the caller's scope and never the
 * caller's own structure; every criterion given must hold. By id.
 */
export async function selectedStructures(
  database: Reader,
  scope: RequestScope,
  selection: BulkSelection,
): Promise<BillableStructure[]> {
  const params: unknown[] = [];
  const conditions = [
    structureScopeCondition(scope, 's.id', params),
    `s.id <> $${params.push(scope.currentStructureId)}`,
  ];
  if (selection.structureIds) conditions.push(`s.id = ANY($${params.push(intArray(selection.structureIds))}::int[])`);
  if (selection.typeStructure !== undefined)
    conditions.push(`s."ID_TypeStructure" = $${params.push(selection.typeStructure)}`);
  if (selection.ligueId !== undefined) {
    conditions.push(
      `(s.id = $${params.push(selection.ligueId)} OR EXISTS (SELECT 1 FROM "ADR_Departement" d
          WHERE d.id = s."ID_Departement" AND d."ID_Ligue" = $${params.length}))`,
    );
  }
  if (selection.comiteId !== undefined) {
    conditions.push(
      `(s.id = $${params.push(selection.comiteId)} OR EXISTS (SELECT 1 FROM "ADR_Departement" d
          WHERE d.id = s."ID_Departement" AND d."ID_Comite" = $${params.length}))`,
    );
  }
  if (selection.affiliation !== undefined) {
    const affiliated = `EXISTS (SELECT 1 FROM "STR_Affiliation" af JOIN "FEDE_Saison" se ON se.id = af."ID_Saison"
        AND se."EST_SaisonCourante" WHERE af."ID_Structure" = s.id)`;
    conditions.push(selection.affiliation === 'affiliee' ? affiliated : `NOT ${affiliated}`);
  }
  return database.query<BillableStructure>(
    `SELECT ${BILLABLE_COLUMNS}
       FROM "STR_Structure" s LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
      WHERE ${conditions.join(' AND ')}
      ORDER BY s.id`,
    params,
  );
}

export async function seasonExists(tx: Queryable, seasonId: number): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM "FEDE_Saison" WHERE id = $1`, [seasonId])).length === 1;
}

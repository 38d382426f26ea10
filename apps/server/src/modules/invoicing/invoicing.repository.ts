import { centsToDecimal, type BulkSelection, type DraftLine, type TarifOption } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';
import { SEPA_BATCH_TYPE } from '../exports-sepa/sepa-records';
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

export interface StoredDraft {
  id: number;
  structureId: number;
  structure: string;
  emitterId: number;
  label: string;
  category: number;
  dueDate: string;
  note: string;
  version: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  fluxId: number | null;
  seasonId: number | null;
  lines: Array<DraftLine & { rank: number }>;
}

const DRAFT_COLUMNS = `b.id, b."ID_Structure" AS "structureId", s."NomStructure" AS structure,
    b."ID_StructureEmettrice" AS "emitterId", b."Libelle" AS label, b."ID_CategoryFlux" AS category,
    b."DateEcheance"::text AS "dueDate", b."Note" AS note, b."Version" AS version, b."Z_DateCreation" AS "createdAt",
    b."Z_DateModification" AS "updatedAt", b."ID_FluxFinancier" AS "fluxId", f."ID_Saison" AS "seasonId"`;
const DRAFT_LINES = `coalesce((SELECT json_agg(json_build_object('rank', l."Rang", 'label', l."Libelle", 'tarifId', l."ID_Tarif",
    'unitPriceCents', l."CentimesUnitaire", 'quantity', l."Quantite") ORDER BY l."Rang")
    FROM "FAC_BrouillonLigne" l WHERE l."ID_Brouillon" = b.id), '[]'::json) AS lines`;

/** Drafts are the issuing structure's, for structures still in the caller's scope. */
function draftVisibility(scope: RequestScope, params: unknown[]): string {
  return `b."ID_StructureEmettrice" = $${params.push(scope.currentStructureId)}
      AND ${structureScopeCondition(scope, 'b."ID_Structure"', params)}`;
}

export async function findDraft(
  database: Reader,
  scope: RequestScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<StoredDraft | null> {
  const params: unknown[] = [id];
  const [row] = await database.query<StoredDraft>(
    `SELECT ${DRAFT_COLUMNS}, ${DRAFT_LINES}
       FROM "FAC_Brouillon" b JOIN "STR_Structure" s ON s.id = b."ID_Structure"
       LEFT JOIN "MKP_FluxFinancier" f ON f.id = b."ID_FluxFinancier"
      WHERE b.id = $1 AND ${draftVisibility(scope, params)}
      ${options.lock ? 'FOR UPDATE OF b' : ''}`,
    params,
  );
  return row ?? null;
}

export async function listDrafts(database: Reader, scope: RequestScope, limit: number): Promise<StoredDraft[]> {
  const params: unknown[] = [];
  const visible = draftVisibility(scope, params);
  return database.query<StoredDraft>(
    `SELECT ${DRAFT_COLUMNS}, ${DRAFT_LINES}
       FROM "FAC_Brouillon" b JOIN "STR_Structure" s ON s.id = b."ID_Structure"
       LEFT JOIN "MKP_FluxFinancier" f ON f.id = b."ID_FluxFinancier"
      WHERE ${visible}
      ORDER BY b."ID_FluxFinancier" IS NOT NULL, b.id DESC
      LIMIT $${params.push(limit)}`,
    params,
  );
}

export interface DraftValues {
  structureId: number;
  label: string;
  category: number;
  dueDate: string;
  note: string;
  lines: readonly DraftLine[];
}

export async function insertDraft(tx: Queryable, scope: RequestScope, values: DraftValues): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO "FAC_Brouillon" ("ID_Structure", "ID_StructureEmettrice", "Libelle", "ID_CategoryFlux", "DateEcheance",
            "Note", "ID_Utilisateur")
     VALUES ($1::int, $2::int, $3::text, $4::smallint, $5::date, $6::text, $7::int) RETURNING id`,
    [
      values.structureId,
      scope.currentStructureId,
      values.label,
      values.category,
      values.dueDate,
      values.note,
      scope.actor.userId,
    ],
  );
  await insertDraftLines(tx, row!.id, values.lines);
  return row!.id;
}

/** Saves a draft over the version the caller read: false when it changed meanwhile (R-INV-06). */
export async function updateDraft(tx: Queryable, id: number, version: number, values: DraftValues): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE "FAC_Brouillon" SET "ID_Structure" = $3::int, "Libelle" = $4::text, "ID_CategoryFlux" = $5::smallint,
            "DateEcheance" = $6::date, "Note" = $7::text, "Version" = "Version" + 1, "Z_DateModification" = now()
      WHERE id = $1 AND "Version" = $2 AND "ID_FluxFinancier" IS NULL RETURNING id`,
    [id, version, values.structureId, values.label, values.category, values.dueDate, values.note],
  );
  if (rows.length === 0) return false;
  await tx.query(`DELETE FROM "FAC_BrouillonLigne" WHERE "ID_Brouillon" = $1`, [id]);
  await insertDraftLines(tx, id, values.lines);
  return true;
}

async function insertDraftLines(tx: Queryable, draftId: number, lines: readonly DraftLine[]): Promise<void> {
  await tx.query(
    `INSERT INTO "FAC_BrouillonLigne" ("ID_Brouillon", "Rang", "Libelle", "ID_Tarif", "CentimesUnitaire", "Quantite")
     SELECT $1::int, x.rank, x.label, x."tarifId", x."unitPriceCents", x.quantity
       FROM jsonb_to_recordset($2::jsonb) AS x(rank smallint, label text, "tarifId" integer, "unitPriceCents" bigint, quantity integer)`,
    [draftId, JSON.stringify(lines.map((line, index) => ({ ...line, rank: index + 1 })))],
  );
}

export async function deleteDraft(tx: Queryable, id: number, version: number): Promise<boolean> {
  const rows = await tx.query(
    `DELETE FROM "FAC_Brouillon" WHERE id = $1 AND "Version" = $2 AND "ID_FluxFinancier" IS NULL RETURNING id`,
    [id, version],
  );
  return rows.length === 1;
}

export async function markDraftIssued(tx: Queryable, id: number, fluxId: number): Promise<void> {
  await tx.query(
    `UPDATE "FAC_Brouillon" SET "ID_FluxFinancier" = $2::int, "DateEmission" = now(), "Version" = "Version" + 1
      WHERE id = $1 AND "ID_FluxFinancier" IS NULL`,
    [id, fluxId],
  );
}

export async function seasonExists(tx: Queryable, seasonId: number): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM "FEDE_Saison" WHERE id = $1`, [seasonId])).length === 1;
}

/** What an invoice or avoir flux is made of, whatever made it. */
export interface InvoiceFluxValues {
  label: string;
  category: number;
  seasonId: number;
  createdAt: Date;
  dueDate: string | null;
  isDebit: boolean;
  /** An avoir's invoice (ID_FluxFinancierDebit). */
  creditFor: number | null;
  lines: readonly DraftLine[];
}

/**
 * Inserts one flux per structure, each with the same lines, in one statement each (set-based:
 * one invoice or a step of a bulk invoicing). Returns (structure, flux) in structure order.
 */
export async function insertInvoiceFlux(
  tx: Queryable,
  structureIds: readonly number[],
  values: InvoiceFluxValues,
): Promise<Array<{ structureId: number; fluxId: number }>> {
  if (structureIds.length === 0) return [];
  const total = values.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const amount = centsToDecimal(total);
  const created = await tx.query<{ structureId: number; fluxId: number }>(
    `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTVA", "MontantTTC",
            "EST_Debit", "EST_Reglement", "ID_CategoryFlux", "ID_FluxFinancierDebit", "ID_Saison", "ID_Structure",
            "DateEcheance")
     SELECT $2::text, $3::timestamptz, $4::numeric, 0, $4::numeric, $5::boolean, false, $6::int, $7::int, $8::int,
            s.id, $9::date
       FROM unnest($1::int[]) WITH ORDINALITY AS s(id, n)
      ORDER BY s.n
     RETURNING "ID_Structure" AS "structureId", id AS "fluxId"`,
    [
      intArray(structureIds),
      values.label,
      values.createdAt.toISOString(),
      amount,
      values.isDebit,
      values.category,
      values.creditFor,
      values.seasonId,
      values.dueDate,
    ],
  );
  await tx.query(
    `INSERT INTO "MKP_FluxFinancierDetail" ("ID_FluxFinancier", "NomFluxFinancierDetail", "PrixUnitaire", "Quantite",
            "MontantHT", "MontantTTC", "EST_Debit", "ID_Tarif", "Z_DateCreation")
     SELECT f.id, x.label, x."unitPriceCents" / 100.0, x.quantity, x."unitPriceCents" * x.quantity / 100.0,
            x."unitPriceCents" * x.quantity / 100.0, $3::boolean, x."tarifId", $4::timestamptz
       FROM unnest($1::int[]) AS f(id)
       CROSS JOIN jsonb_to_recordset($2::jsonb)
         AS x(label text, "tarifId" integer, "unitPriceCents" bigint, quantity integer, n integer)
      ORDER BY f.id, x.n`,
    [
      intArray(created.map((row) => row.fluxId)),
      JSON.stringify(
        values.lines.map(({ label, tarifId, unitPriceCents, quantity }, n) => ({
          label,
          tarifId,
          unitPriceCents,
          quantity,
          n,
        })),
      ),
      values.isDebit,
      values.createdAt.toISOString(),
    ],
  );
  return created.sort((a, b) => a.fluxId - b.fluxId);
}

/** An issued flux an avoir may be made on, locked (FOR UPDATE) so two avoirs take turns (R-INV-07). */
export interface LockedInvoice {
  id: number;
  structureId: number;
  seasonId: number;
  label: string;
  isDebit: boolean;
  category: number;
  /** A relaunch copy (an avis de prélèvement): the original's ID_FluxFinancierRelance names it. */
  isAvis: boolean;
  issued: boolean;
  /** R-INV-11: in a SEPA batch generated and not cancelled (the bank collects its whole amount). */
  inSepaBatch: boolean;
}

export async function lockInvoice(tx: Queryable, scope: RequestScope, fluxId: number): Promise<LockedInvoice | null> {
  const params: unknown[] = [fluxId];
  const [row] = await tx.query<LockedInvoice>(
    `SELECT f.id, f."ID_Structure" AS "structureId", f."ID_Saison" AS "seasonId", f."NomFluxFinancier" AS label,
            f."EST_Debit" AS "isDebit", f."ID_CategoryFlux" AS category,
            EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id) AS "isAvis",
            EXISTS (SELECT 1 FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = f.id) AS issued,
            EXISTS (SELECT 1 FROM "MKP_Traitement" t WHERE t.id = f."ID_Traitement"
                     AND t."TypeTraitement" = $${params.push(SEPA_BATCH_TYPE)} AND t."DateAnnulation" IS NULL) AS "inSepaBatch"
       FROM "MKP_FluxFinancier" f
      WHERE f.id = $1 AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)}
      FOR UPDATE OF f`,
    params,
  );
  return row ?? null;
}

/** The invoice's lines as issued (its first NbLignes detail rows), in rank order. */
export async function invoiceLines(
  tx: Queryable,
  fluxId: number,
): Promise<Array<{ rank: number; label: string; unitPriceCents: number; quantity: number; tarifId: number | null }>> {
  const rows = await tx.query<{ label: string; unitPriceCents: string; quantity: number; tarifId: number | null }>(
    `SELECT d."NomFluxFinancierDetail" AS label, (d."PrixUnitaire" * 100)::bigint::text AS "unitPriceCents",
            d."Quantite" AS quantity, d."ID_Tarif" AS "tarifId"
       FROM "MKP_FluxFinancierDetail" d
      WHERE d."ID_FluxFinancier" = $1
      ORDER BY d.id
      LIMIT (SELECT e."NbLignes" FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = $1)`,
    [fluxId],
  );
  return rows.map((row, index) => ({ ...row, rank: index + 1, unitPriceCents: Number(row.unitPriceCents) }));
}

export interface StoredLot {
  id: number;
  key: string;
  label: string;
  jobId: number | null;
  content: unknown;
  selection: unknown;
  userId: number;
}

/**
 * R-INV-09: a key is the caller's own: it is stored as 'userId:key' so that another user of the
 * same structure choosing the same key makes another lot (neither a 409 telling them it exists
 * nor someone else's lot), within the unique index (issuing structure, key).
 */
const storedKey = (scope: RequestScope, key: string) => `${scope.actor.userId}:${key}`;
/** The key as its user gave it. */
const LOT_KEY = `regexp_replace("Cle", '^[0-9]+:', '')`;

/** R-INV-09: the lot of this key, made now or found as made before; `created` tells which. */
export async function claimLot(
  tx: Queryable,
  scope: RequestScope,
  key: string,
  label: string,
  content: unknown,
  selection: unknown,
): Promise<{ lot: StoredLot; created: boolean; sameContent: boolean }> {
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO "FAC_Lot" ("Cle", "ID_StructureEmettrice", "ID_Utilisateur", "Libelle", "Contenu", "Selection")
     VALUES ($1::text, $2::int, $3::int, $4::text, $5::jsonb, $6::jsonb)
     ON CONFLICT ("ID_StructureEmettrice", "Cle") DO NOTHING RETURNING id`,
    [
      storedKey(scope, key),
      scope.currentStructureId,
      scope.actor.userId,
      label,
      JSON.stringify(content),
      JSON.stringify(selection),
    ],
  );
  const [lot] = await tx.query<StoredLot & { sameContent: boolean }>(
    `SELECT id, ${LOT_KEY} AS key, "Libelle" AS label, "ID_Traitement" AS "jobId", "Contenu" AS content,
            "Selection" AS selection, "ID_Utilisateur" AS "userId",
            "Contenu" = $3::jsonb AND "Selection" = $4::jsonb AS "sameContent"
       FROM "FAC_Lot" WHERE "ID_StructureEmettrice" = $1 AND "Cle" = $2`,
    [scope.currentStructureId, storedKey(scope, key), JSON.stringify(content), JSON.stringify(selection)],
  );
  const { sameContent, ...stored } = lot!;
  return { lot: stored, created: inserted.length === 1, sameContent };
}

/** The lot's content (what every invoice says), its row locked when `tx` is a transaction. */
export async function lockLotContent<Content>(tx: Reader, lotId: number): Promise<Content> {
  const [lot] = await tx.query<{ content: Content }>(
    `SELECT "Contenu" AS content FROM "FAC_Lot" WHERE id = $1 FOR UPDATE`,
    [lotId],
  );
  if (!lot) throw new Error(`lot de facturation ${lotId} introuvable`);
  return lot.content;
}

export async function setLotJob(tx: Queryable, lotId: number, jobId: number): Promise<void> {
  await tx.query(`UPDATE "FAC_Lot" SET "ID_Traitement" = $2 WHERE id = $1`, [lotId, jobId]);
}

export async function findLot(database: Reader, scope: RequestScope, lotId: number): Promise<StoredLot | null> {
  const [lot] = await database.query<StoredLot>(
    `SELECT id, ${LOT_KEY} AS key, "Libelle" AS label, "ID_Traitement" AS "jobId", "Contenu" AS content,
            "Selection" AS selection, "ID_Utilisateur" AS "userId"
       FROM "FAC_Lot" WHERE id = $1 AND "ID_StructureEmettrice" = $2`,
    [lotId, scope.currentStructureId],
  );
  return lot ?? null;
}

/** The structures a lot has settled (issued or left out). */
export async function lotStructuresDone(tx: Reader, lotId: number): Promise<Set<number>> {
  const rows = await tx.query<{ id: number }>(
    `SELECT "ID_Structure" AS id FROM "FAC_LotStructure" WHERE "ID_Lot" = $1`,
    [lotId],
  );
  return new Set(rows.map((row) => row.id));
}

export async function recordLotStructures(
  tx: Queryable,
  lotId: number,
  rows: ReadonlyArray<{ structureId: number; fluxId: number | null; reason: string | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO "FAC_LotStructure" ("ID_Lot", "ID_Structure", "ID_FluxFinancier", "Raison")
     SELECT $1::int, x."structureId", x."fluxId", x.reason
       FROM jsonb_to_recordset($2::jsonb) AS x("structureId" integer, "fluxId" integer, reason text)`,
    [lotId, JSON.stringify(rows)],
  );
}

export async function lotReport(
  database: Reader,
  lotId: number,
): Promise<
  Array<{
    structureId: number;
    structure: string;
    fluxId: number | null;
    seasonId: number | null;
    reason: string | null;
  }>
> {
  return database.query(
    `SELECT ls."ID_Structure" AS "structureId", s."NomStructure" AS structure, ls."ID_FluxFinancier" AS "fluxId",
            f."ID_Saison" AS "seasonId", ls."Raison" AS reason
       FROM "FAC_LotStructure" ls JOIN "STR_Structure" s ON s.id = ls."ID_Structure"
       LEFT JOIN "MKP_FluxFinancier" f ON f.id = ls."ID_FluxFinancier"
      WHERE ls."ID_Lot" = $1 ORDER BY ls."ID_Structure"`,
    [lotId],
  );
}

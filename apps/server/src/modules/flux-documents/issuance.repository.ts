import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { SEPA_AUDIT_ACTION } from '../../db/sepa-records';

/** The bounds of the flux ids without their issuance (R-DOC-01), nulls when every flux is issued. */
export async function missingIssuanceBounds(
  database: Database,
): Promise<{ min: number | null; max: number | null } | undefined> {
  const [bounds] = await database.query<{ min: number | null; max: number | null }>(
    `SELECT min(f.id) AS min, max(f.id) AS max FROM "MKP_FluxFinancier" f
      WHERE NOT EXISTS (SELECT 1 FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = f.id)`,
  );
  return bounds;
}

/** Whether some flux has no issuance yet. */
export async function someIssuanceMissing(database: Database): Promise<boolean> {
  const [missing] = await database.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" f
      WHERE NOT EXISTS (SELECT 1 FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = f.id)) AS any`,
  );
  return missing?.any === true;
}

/** A lot of flux [fromId, toId) as a temporary table (dropped at commit, or by dropLotTables). */
export async function createLotTable(tx: Queryable, range: { fromId: number; toId: number }): Promise<void> {
  await tx.query(`CREATE TEMP TABLE emission_lot ON COMMIT DROP AS ${FLUX_LOT_SQL}`, [range.fromId, range.toId]);
}

/** The lot's size; when not empty, its structures' parties as a second temporary table. */
export async function lotSizeWithParties(tx: Queryable): Promise<number> {
  const [lot] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM emission_lot`);
  if (!lot || lot.n === 0) return 0;
  await tx.query(`CREATE TEMP TABLE emission_parties ON COMMIT DROP AS ${PARTIES_SQL}`);
  return lot.n;
}

/** The lot's shared rows, then its frozen rows: how many flux were issued. */
export async function issueLotTables(tx: Queryable, sellerId: number): Promise<number> {
  await tx.query(INSERT_SHARED_ROWS_SQL);
  const [issued] = await tx.query<{ n: number }>(`WITH ${issuedFluxSql('$1')}`, [sellerId]);
  return issued?.n ?? 0;
}

export async function dropLotTables(tx: Queryable): Promise<void> {
  await tx.query(`DROP TABLE IF EXISTS emission_lot, emission_parties`);
}

/**
 * One flux (its creation, a relaunch, a first download): the same statements with the lot and
 * its parties as CTEs of the same names, read twice, which costs less than creating and
 * dropping two temporary tables.
 */
export async function issueLotInline(
  tx: Queryable,
  range: { fromId: number; toId: number },
  sellerId: number,
): Promise<number> {
  const lot = `emission_lot AS MATERIALIZED (${FLUX_LOT_SQL}), emission_parties AS MATERIALIZED (${PARTIES_SQL})`;
  await tx.query(`WITH ${lot} ${INSERT_SHARED_ROWS_SQL}`, [range.fromId, range.toId]);
  const [issued] = await tx.query<{ n: number }>(`WITH ${lot}, ${issuedFluxSql('$3')}`, [
    range.fromId,
    range.toId,
    sellerId,
  ]);
  return issued?.n ?? 0;
}

/** The first flux of the relaunch chain ending at `idSql`, as its id and season, or nulls. */
const chainOriginSql = (idSql: string) => `(
  WITH RECURSIVE chain(id, "seasonId", depth) AS (
    SELECT o.id, o."ID_Saison", 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = ${idSql}
    UNION ALL
    SELECT o.id, o."ID_Saison", chain.depth + 1
      FROM chain JOIN "MKP_FluxFinancier" o ON o."ID_FluxFinancierRelance" = chain.id
     WHERE chain.depth < 100)
  SELECT ARRAY[id, "seasonId"] FROM chain ORDER BY depth DESC LIMIT 1)`;

/** A DocumentAddress, or null when every part is empty (as the documents print nothing then). */
const addressJson = (line1: string, line2: string, postalCode: string, city: string) =>
  `CASE WHEN num_nonnulls(${line1}, ${line2}, ${postalCode}, ${city}) > 0 THEN
     jsonb_build_object('line1', ${line1}, 'line2', ${line2}, 'postalCode', ${postalCode}, 'city', ${city}) END`;

/** A DocumentStructure of structure `s` with its address `a`. */
const STRUCTURE_JSON = `jsonb_build_object(
  'id', s.id, 'name', s."NomStructure", 'federalCode', s."ID_CodeFederal", 'siren', s."SIREN",
  'email', s."CT_Email", 'phone', s."CT_Telephone",
  'address', ${addressJson('a."Adresse1"', 'a."Adresse2"', 'a."CodePostal"', 'a."Ville"')})`;

const digest = (nature: string, json: string) => `sha256(convert_to('${nature}:' || (${json})::text, 'UTF8'))`;

/**
 * The flux of the range not issued yet, with their own values, what the mentions need
 * (settlement instants for settlementInstant, the corrected invoice and the relaunch's
 * original followed back through relaunches, the SEPA batch's collection date), how many
 * detail lines they have, and the tarifs those lines sell (id -> name and category, the
 * nature of the operation's source) with their digest.
 */
const FLUX_LOT_SQL = `
SELECT l.*, CASE WHEN l.tarifs IS NOT NULL THEN ${digest('tarifs', 'l.tarifs')} END AS tarifs_empreinte FROM (
  SELECT f.id, f."ID_Structure" AS structure_id, f."NomFluxFinancier" AS libelle, f."Z_DateCreation" AS date_flux,
    f."ID_Saison" AS saison, se."DateDebut" AS debut_periode, se."DateFin" AS fin_periode,
    f."ID_CategoryFlux" AS categorie, f."EST_Debit" AS debit, f."EST_Reglement" AS regle,
    (f."MontantHT" * 100)::bigint AS ht, (f."MontantTVA" * 100)::bigint AS tva, (f."MontantTTC" * 100)::bigint AS ttc,
    f."DateEcheance" AS echeance,
    (SELECT max(al."Z_DateCreation") FROM "APP_AuditLog" al
      WHERE al."TableCible" = 'MKP_FluxFinancier' AND al."ID_Cible" = f.id
        AND al."Action" = 'reglement_flux' AND al."Details"->>'apres' = 'true') AS dernier_reglement,
    (SELECT min(al."Z_DateCreation") FROM "APP_AuditLog" al
      WHERE al."TableCible" = 'MKP_FluxFinancier' AND al."ID_Cible" = f.id AND al."Action" = 'creation_flux'
        AND al."Details"->'colonnes' @> '["EST_Reglement"]'::jsonb
        AND NOT EXISTS (SELECT 1 FROM "APP_AuditLog" r WHERE r."TableCible" = 'MKP_FluxFinancier'
                         AND r."ID_Cible" = f.id AND r."Action" = 'reglement_flux')) AS creation_reglee,
    coalesce(${chainOriginSql('d.id')}, CASE WHEN d.id IS NOT NULL THEN ARRAY[d.id, d."ID_Saison"] END) AS facture,
    ${chainOriginSql('f.id')} AS origine,
    (SELECT (al."Details"->>'dateEcheance')::date FROM "APP_AuditLog" al
      WHERE al."TableCible" = 'MKP_Traitement' AND al."ID_Cible" = f."ID_Traitement" AND al."Action" = '${SEPA_AUDIT_ACTION}'
      ORDER BY al.id DESC LIMIT 1) AS date_lot,
    (SELECT count(*) FROM "MKP_FluxFinancierDetail" dt WHERE dt."ID_FluxFinancier" = f.id) AS nb_lignes,
    (SELECT jsonb_object_agg(t.id::text, jsonb_build_object('name', t."NomTarif", 'categoryId', t."ID_CategoryFlux"))
       FROM "MKP_Tarif" t
      WHERE t.id IN (SELECT dt."ID_Tarif" FROM "MKP_FluxFinancierDetail" dt WHERE dt."ID_FluxFinancier" = f.id)) AS tarifs
  FROM "MKP_FluxFinancier" f
  JOIN "FEDE_Saison" se ON se.id = f."ID_Saison"
  LEFT JOIN "MKP_FluxFinancier" d ON d.id = f."ID_FluxFinancierDebit" AND d."EST_Debit" AND NOT f."EST_Debit"
  WHERE f.id >= $1 AND f.id < $2
    AND NOT EXISTS (SELECT 1 FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = f.id)
) l`;

/**
 * Per structure of the lot: the buyer (its DocumentStructure and the mandate reference of
 * its RIB, the valid newest first, as SEPA files pick it) and its correspondent
 * (DocumentPerson: the user named by ID_Correspondant with the newest of the user's
 * addresses; else the contact of its temporary affiliation, linked or found by name, R-API-05),
 * each with its digest.
 */
const PARTIES_SQL = `
SELECT p.structure_id, p.acheteur, ${digest('acheteur', 'p.acheteur')} AS acheteur_empreinte,
       p.correspondant, CASE WHEN p.correspondant IS NOT NULL THEN ${digest('correspondant', 'p.correspondant')} END
         AS correspondant_empreinte
FROM (
  SELECT s.id AS structure_id,
    jsonb_build_object('structure', ${STRUCTURE_JSON},
      'mandateReference', (SELECT rib."MandatRUM" FROM "STR_StructureRib" rib WHERE rib."ID_Structure" = s.id
                            ORDER BY rib."EST_Valide" DESC, rib."Z_DateCreation" DESC, rib.id DESC LIMIT 1)) AS acheteur,
    CASE WHEN coalesce(u."CT_Nom", ta."CT_Nom") IS NOT NULL THEN jsonb_build_object(
      'firstName', coalesce(u."CT_Prenom", ta."CT_Prenom", ''), 'lastName', coalesce(u."CT_Nom", ta."CT_Nom"),
      'email', coalesce(u."CT_Email", ta."CT_Email"), 'phone', coalesce(u."CT_Telephone", ta."CT_Telephone"),
      'address', CASE WHEN u.id IS NULL
        THEN ${addressJson('ta."Adresse1"', 'NULL::text', 'ta."CodePostal"', 'ta."Ville"')}
        ELSE ${addressJson('ua."Adresse1"', 'ua."Adresse2"', 'ua."CodePostal"', 'ua."Ville"')} END) END AS correspondant
  FROM "STR_Structure" s
  LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
  LEFT JOIN "UTI_Utilisateur" u ON u.id = s."ID_Correspondant"
  LEFT JOIN LATERAL (
    SELECT ad."Adresse1", ad."Adresse2", ad."CodePostal", ad."Ville" FROM "ADR_Adresse" ad
     WHERE ad."ID_Utilisateur" = u.id ORDER BY ad.id DESC LIMIT 1
  ) ua ON TRUE
  LEFT JOIN LATERAL (
    SELECT t."CT_Prenom", t."CT_Nom", t."CT_Email", t."CT_Telephone", t."Adresse1", t."CodePostal", t."Ville"
      FROM "STR_AffiliationTemporaire" t
     WHERE u.id IS NULL
       AND (t."ID_Structure" = s.id
            OR (lower(t."NomStructure") = lower(s."NomStructure") AND t."ID_Federation" = s."ID_Federation"))
     ORDER BY t."ID_Structure" = s.id DESC NULLS LAST, t.id DESC
     LIMIT 1
  ) ta ON TRUE
  WHERE s.id IN (SELECT DISTINCT structure_id FROM emission_lot)
) p`;

/** The seller: the national head office, its address, its latest valid RIB and the ICS ($2). */
const SELLER_SQL = `
SELECT v.vendeur, ${digest('vendeur', 'v.vendeur')} AS empreinte FROM (
  SELECT jsonb_build_object('structure', ${STRUCTURE_JSON},
    'bank', (SELECT jsonb_build_object('iban', r."IBAN", 'bic', r."BIC") FROM "STR_StructureRib" r
              WHERE r."ID_Structure" = s.id AND r."EST_Valide" ORDER BY r.id DESC LIMIT 1),
    'creditorIdentifier', $2::text) AS vendeur
  FROM "STR_Structure" s LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
  WHERE s.id = $1
) v`;

/**
 * Two statements: the second sees a seller row another transaction committed while the
 * first waited on it (ON CONFLICT DO NOTHING), which one statement's snapshot would not.
 */
export async function frozenSellerId(tx: Queryable, creditorIdentifier: string): Promise<number> {
  const params = [HEAD_OFFICE_STRUCTURE_ID, creditorIdentifier];
  await tx.query(
    `INSERT INTO "DOC_DonneeFigee" ("Empreinte", "Nature", "Donnees")
     SELECT empreinte, 'vendeur', vendeur FROM (${SELLER_SQL}) v
     ON CONFLICT ("Empreinte") DO NOTHING`,
    params,
  );
  const [seller] = await tx.query<{ id: number }>(
    `SELECT d.id FROM "DOC_DonneeFigee" d JOIN (${SELLER_SQL}) v ON v.empreinte = d."Empreinte"`,
    params,
  );
  if (!seller) throw new Error(`Siège national (structure ${HEAD_OFFICE_STRUCTURE_ID}) introuvable`);
  return seller.id;
}

/** Buyers, correspondents and tarif sets of the lot, once each; in digest order, so concurrent issuers never deadlock. */
const INSERT_SHARED_ROWS_SQL = `
INSERT INTO "DOC_DonneeFigee" ("Empreinte", "Nature", "Donnees")
SELECT DISTINCT ON (empreinte) empreinte, nature, donnees FROM (
  SELECT acheteur_empreinte AS empreinte, 'acheteur' AS nature, acheteur AS donnees FROM emission_parties
  UNION ALL
  SELECT correspondant_empreinte, 'correspondant', correspondant FROM emission_parties WHERE correspondant IS NOT NULL
  UNION ALL
  SELECT tarifs_empreinte, 'tarifs', tarifs FROM emission_lot WHERE tarifs IS NOT NULL
) shared
ORDER BY empreinte
ON CONFLICT ("Empreinte") DO NOTHING`;

/** The CTE `issued` inserting the lot's frozen rows, then their count; the seller's id is `sellerParam`. */
const issuedFluxSql = (sellerParam: string) => `
issued AS (
INSERT INTO "MKP_FluxEmission" ("ID_FluxFinancier", "ID_Vendeur", "ID_Acheteur", "ID_Correspondant", "NbLignes", "ID_Tarifs",
  "Libelle", "DateFlux", "ID_Saison", "DebutPeriode", "FinPeriode", "ID_CategoryFlux", "EST_Debit", "EST_Reglement",
  "CentimesHT", "CentimesTVA", "CentimesTTC", "DateEcheance", "DateDernierReglement", "DateCreationReglee",
  "ID_FluxFacture", "ID_SaisonFacture", "ID_FluxOrigine", "ID_SaisonOrigine", "DatePrelevementLot")
SELECT l.id, ${sellerParam}::integer, b.id, c.id, l.nb_lignes, ta.id,
  l.libelle, l.date_flux, l.saison, l.debut_periode, l.fin_periode, l.categorie, l.debit, l.regle,
  l.ht, l.tva, l.ttc, l.echeance, l.dernier_reglement, l.creation_reglee,
  l.facture[1], l.facture[2], l.origine[1], l.origine[2], l.date_lot
FROM emission_lot l
JOIN emission_parties p ON p.structure_id = l.structure_id
JOIN "DOC_DonneeFigee" b ON b."Empreinte" = p.acheteur_empreinte
LEFT JOIN "DOC_DonneeFigee" c ON c."Empreinte" = p.correspondant_empreinte
LEFT JOIN "DOC_DonneeFigee" ta ON ta."Empreinte" = l.tarifs_empreinte
ORDER BY l.id
ON CONFLICT ("ID_FluxFinancier") DO NOTHING
RETURNING 1)
SELECT count(*)::int AS n FROM issued`;

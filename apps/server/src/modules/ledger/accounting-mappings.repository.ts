import type { ThirdPartyRule } from '@gdf/domain';
import type { Database } from '../../db/database';

// What building a structure's entries reads from its accounting settings (CPT_Parametres,
// CPT_MappingFlux): its third-party rule and the tarifs mapped to their own account.

export interface TarifPartRow {
  fluxId: number;
  cents: string;
  account: string;
  accountLabel: string | null;
  section: string | null;
}

export async function loadThirdPartyRule(
  database: Pick<Database, 'query'>,
  structureId: number,
): Promise<(ThirdPartyRule & { siren: string | null }) | null> {
  const [row] = await database.query<ThirdPartyRule & { siren: string | null }>(
    `SELECT p."CompteCollectif" AS "collectiveAccount", p."TiersPrefixe" AS "prefix",
            p."TiersCompteFixe" AS "fixedAccount", p."TiersLibelleFixe" AS "fixedLabel",
            COALESCE(p."SIREN", s."SIREN") AS "siren", COALESCE(c."Libelle", p."CompteCollectif") AS "collectiveLabel"
     FROM "CPT_Parametres" p JOIN "STR_Structure" s ON s.id = p."ID_Structure"
     LEFT JOIN "CPT_Compte" c ON c."ID_Structure" = p."ID_Structure" AND c."Numero" = p."CompteCollectif"
     WHERE p."ID_Structure" = $1`,
    [structureId],
  );
  return row ?? null;
}

export async function hasTarifMappings(database: Pick<Database, 'query'>, structureId: number): Promise<boolean> {
  const rows = await database.query(
    `SELECT 1 FROM "CPT_MappingFlux" WHERE "ID_Structure" = $1 AND "ID_Tarif" IS NOT NULL LIMIT 1`,
    [structureId],
  );
  return rows.length > 0;
}

/** Detail lines whose tarif has its own mapping, summed per flux and account (signed like the flux). */
export async function tarifParts(
  database: Pick<Database, 'query'>,
  structureId: number,
  fluxIds: readonly number[],
): Promise<TarifPartRow[]> {
  return database.query<TarifPartRow>(
    `SELECT d."ID_FluxFinancier" AS "fluxId", m."CompteNumero" AS "account", c."Libelle" AS "accountLabel",
            m."CodeSection" AS "section",
            sum(CASE WHEN d."EST_Debit" = f."EST_Debit" THEN 1 ELSE -1 END * d."MontantTTC" * 100)::bigint::text AS "cents"
     FROM "MKP_FluxFinancierDetail" d
     JOIN "MKP_FluxFinancier" f ON f.id = d."ID_FluxFinancier"
     JOIN "CPT_MappingFlux" m ON m."ID_Structure" = $1 AND m."ID_Tarif" = d."ID_Tarif"
     LEFT JOIN "CPT_Compte" c ON c."ID_Structure" = $1 AND c."Numero" = m."CompteNumero"
     WHERE d."ID_FluxFinancier" = ANY($2::int[])
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2`,
    [structureId, fluxIds],
  );
}

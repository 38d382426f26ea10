import type { ShareLevel, ShareMode, ShareRuleInput, ShareRulesAnswer, ShareRuleView } from '@gdf/domain';
import { toCents } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';

// The SQL of the share rules (R-PAY-01) and of a structure's shares (R-PAY-03).

const RULE_COLUMNS = `r.id, r."ID_CategoryFlux" AS categorie, r."ID_Tarif" AS tarif,
  COALESCE(c."NomCategoryFlux", t."NomTarif") AS cible, r."Niveau" AS niveau, r."Mode" AS mode,
  r."Valeur"::int AS valeur, r."ID_SaisonDebut" AS "saisonDebut", r."Z_DateCreation" AS "creeLe"`;
const RULE_FROM = `"REV_RegleQuotePart" r
  LEFT JOIN "MKP_CategoryFlux" c ON c.id = r."ID_CategoryFlux"
  LEFT JOIN "MKP_Tarif" t ON t.id = r."ID_Tarif"`;

type RuleRow = Omit<ShareRuleView, 'creeLe'> & { creeLe: Date | string };
const view = (row: RuleRow): ShareRuleView => ({ ...row, creeLe: new Date(row.creeLe).toISOString() });

export async function listShareRules(database: Queryable): Promise<ShareRulesAnswer> {
  const [rules, categories, tarifs, saisons] = await Promise.all([
    database.query<RuleRow>(
      `SELECT ${RULE_COLUMNS} FROM ${RULE_FROM} ORDER BY cible, r."Niveau", r."ID_SaisonDebut" DESC`,
    ),
    database.query<{ id: number; nom: string }>(
      `SELECT id, "NomCategoryFlux" AS nom FROM "MKP_CategoryFlux" ORDER BY id`,
    ),
    database.query<{ id: number; nom: string; prix: string; saison: number | null }>(
      `SELECT id, "NomTarif" AS nom, "PrixUnitaire"::text AS prix, "ID_Saison" AS saison FROM "MKP_Tarif" ORDER BY "NomTarif", id`,
    ),
    database.query<{ id: number; nom: string }>(`SELECT id, "NomSaison" AS nom FROM "FEDE_Saison" ORDER BY id DESC`),
  ]);
  return {
    regles: rules.map(view),
    categories,
    tarifs: tarifs.map(({ prix, ...tarif }) => ({ ...tarif, prixCentimes: toCents(prix) })),
    saisons,
  };
}

/** What checking a rule needs: its target exists (a tarif's price), its season exists. */
export async function ruleContext(
  tx: Queryable,
  input: ShareRuleInput,
): Promise<{ targetExists: boolean; tarifPriceCents?: number; seasonExists: boolean }> {
  const [target] = input.tarif
    ? await tx.query<{ prix: string }>(`SELECT "PrixUnitaire"::text AS prix FROM "MKP_Tarif" WHERE id = $1`, [
        input.tarif,
      ])
    : await tx.query<{ prix: null }>(`SELECT NULL AS prix FROM "MKP_CategoryFlux" WHERE id = $1`, [input.categorie]);
  const [season] = await tx.query(`SELECT 1 FROM "FEDE_Saison" WHERE id = $1`, [input.saisonDebut]);
  return {
    targetExists: target !== undefined,
    tarifPriceCents: target?.prix ? toCents(target.prix) : undefined,
    seasonExists: season !== undefined,
  };
}

/** The other level's rule of the same target and season, if any (R-PAY-01: both within the price). */
export async function otherLevelRule(
  tx: Queryable,
  input: ShareRuleInput,
): Promise<{ mode: ShareMode; value: number } | undefined> {
  const other: ShareLevel = input.niveau === 'ligue' ? 'comite' : 'ligue';
  const [row] = await tx.query<{ mode: ShareMode; value: number }>(
    `SELECT "Mode" AS mode, "Valeur"::int AS value FROM "REV_RegleQuotePart"
      WHERE "Niveau" = $1 AND "ID_SaisonDebut" = $2
        AND "ID_CategoryFlux" IS NOT DISTINCT FROM $3 AND "ID_Tarif" IS NOT DISTINCT FROM $4`,
    [other, input.saisonDebut, input.categorie ?? null, input.tarif ?? null],
  );
  return row;
}

/**
 * Creates the rule of (target, level, season), or changes it: one row per season (the history).
 * Returns the saved rule and, when it changed one, what it was (the audit's 'avant').
 */
export async function saveShareRule(
  tx: Queryable,
  input: ShareRuleInput,
  userId: number,
): Promise<{ saved: ShareRuleView; before: { mode: ShareMode; valeur: number } | null }> {
  const target = input.tarif ? `"ID_Tarif" = $2` : `"ID_CategoryFlux" = $1`;
  const [previous] = await tx.query<{ id: number; mode: ShareMode; valeur: number }>(
    `SELECT id, "Mode" AS mode, "Valeur"::int AS valeur FROM "REV_RegleQuotePart"
      WHERE ${target} AND "Niveau" = $3 AND "ID_SaisonDebut" = $4 FOR UPDATE`,
    [input.categorie ?? null, input.tarif ?? null, input.niveau, input.saisonDebut],
  );
  const [row] = previous
    ? await tx.query<{ id: number }>(
        `UPDATE "REV_RegleQuotePart" SET "Mode" = $2, "Valeur" = $3, "ID_Utilisateur" = $4, "Z_DateCreation" = now()
          WHERE id = $1 RETURNING id`,
        [previous.id, input.mode, input.valeur, userId],
      )
    : await tx.query<{ id: number }>(
        `INSERT INTO "REV_RegleQuotePart" ("ID_CategoryFlux", "ID_Tarif", "Niveau", "Mode", "Valeur", "ID_Utilisateur", "ID_SaisonDebut")
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          input.categorie ?? null,
          input.tarif ?? null,
          input.niveau,
          input.mode,
          input.valeur,
          userId,
          input.saisonDebut,
        ],
      );
  const [saved] = await tx.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM ${RULE_FROM} WHERE r.id = $1`, [row!.id]);
  return { saved: view(saved!), before: previous ? { mode: previous.mode, valeur: previous.valeur } : null };
}

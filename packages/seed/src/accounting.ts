import { StructureType } from '@gdf/domain';
import type { Database } from '@gdf/server/seed-api';
import {
  DEFAULT_COMPTES,
  DEFAULT_SECTIONS,
  DEFAULT_TYPES_FACTURATION,
  FEDERATION_DEFAULTS,
  MEMBER_DEFAULTS,
} from './accounting-defaults';

/**
 * Default Paramétrages comptables for the given structures (the demo ones): the head
 * office gets the federation's point of view (revenue, 411 + federal code), every other
 * structure a member's (expenses, 401FFME). Idempotent: existing rows are kept.
 */
export async function seedAccountingDefaults(database: Database, structureIds: readonly number[]): Promise<void> {
  const structures = await database.query<{ id: number; type: number }>(
    `SELECT id, "ID_TypeStructure" AS "type" FROM "STR_Structure" WHERE id = ANY($1::int[]) ORDER BY id`,
    [structureIds],
  );
  for (const { id, type } of structures) {
    const defaults = type === StructureType.Federation ? FEDERATION_DEFAULTS : MEMBER_DEFAULTS;
    await insertPairs(database, 'CPT_Compte', ['Numero', 'Libelle'], id, DEFAULT_COMPTES, true);
    await insertPairs(database, 'CPT_TypeFacturation', ['Code', 'Libelle'], id, DEFAULT_TYPES_FACTURATION);
    await insertPairs(database, 'CPT_SectionAnalytique', ['Code', 'Libelle'], id, DEFAULT_SECTIONS);
    await database.query(
      `INSERT INTO "CPT_MappingFlux" ("ID_Structure", "ID_CategoryFlux", "CompteNumero", "JournalCode", "CodeSection")
       SELECT $1, m.category, m.account, $2, m.section
       FROM unnest($3::int[], $4::text[], $5::text[]) AS m(category, account, section)
       ON CONFLICT DO NOTHING`,
      [
        id,
        defaults.journal,
        defaults.mappings.map((m) => m[0]),
        defaults.mappings.map((m) => m[1]),
        defaults.mappings.map((m) => m[2]),
      ],
    );
    const p = defaults.parametres;
    await database.query(
      `INSERT INTO "CPT_Parametres" ("ID_Structure", "CompteCollectif", "TiersPrefixe", "TiersCompteFixe", "TiersLibelleFixe")
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [id, p.CompteCollectif, p.TiersPrefixe, p.TiersCompteFixe, p.TiersLibelleFixe],
    );
  }
}

async function insertPairs(
  database: Database,
  table: string,
  [codeColumn, labelColumn]: readonly [string, string],
  structureId: number,
  rows: ReadonlyArray<readonly [string, string]>,
  withClass = false,
): Promise<void> {
  // The class of an account is its first digit (PCG).
  const classColumn = withClass ? ', "Classe"' : '';
  const classValue = withClass ? ', left(r.code, 1)::int' : '';
  await database.query(
    `INSERT INTO "${table}" ("ID_Structure", "${codeColumn}", "${labelColumn}"${classColumn})
     SELECT $1, r.code, r.label${classValue} FROM unnest($2::text[], $3::text[]) AS r(code, label)
     ON CONFLICT DO NOTHING`,
    [structureId, rows.map((r) => r[0]), rows.map((r) => r[1])],
  );
}

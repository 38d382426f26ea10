import { ROLE_NAMES, STRUCTURE_TYPE_NAMES, type RoleSlugValue } from '@gdf/domain';
import { CATEGORY_NAMES, DAY_MS, DOCUMENT_TYPES, ROLE_IDS, TARIFS, isoDay, type Season } from './catalog';
import { csvRow } from './csv';
import { PERMISSION_PAIRS, defaultPermission } from './role-modules';

/** Rows for one COPY: explicit ids everywhere, so the same options give the same rows. */
export interface TableLoad {
  table: string;
  columns: readonly string[];
  rows: Iterable<string>;
}

/** Small lookup tables that every other table refers to. */
export function referenceLoads(seasons: Season[]): TableLoad[] {
  const roles = Object.entries(ROLE_IDS) as [RoleSlugValue, number][];
  return [
    {
      table: 'STR_StructureType',
      columns: ['id', 'NomTypeStructure'],
      rows: Object.entries(STRUCTURE_TYPE_NAMES).map(([id, name]) => csvRow([Number(id), name])),
    },
    {
      table: 'FEDE_Saison',
      columns: ['id', 'NomSaison', 'NomSaisonShort', 'DateDebut', 'DateFin', 'EST_SaisonCourante'],
      rows: seasons.map((s) => csvRow([s.id, s.name, s.short, isoDay(s.startMs / DAY_MS), `${s.id}-08-31`, s.current])),
    },
    {
      table: 'MKP_CategoryFlux',
      columns: ['id', 'NomCategoryFlux'],
      rows: Object.entries(CATEGORY_NAMES).map(([id, name]) => csvRow([Number(id), name])),
    },
    {
      table: 'MKP_Tarif',
      columns: ['id', 'NomTarif', 'PrixUnitaire', 'ID_CategoryFlux', 'ID_Saison'],
      rows: seasons.flatMap((s) =>
        TARIFS.map((t) => {
          const tarif = s.tarifs[t.key];
          return csvRow([tarif.id, `${t.label} ${s.id}`, (tarif.cents / 100).toFixed(2), t.category, s.id]);
        }),
      ),
    },
    {
      table: 'FEDE_Role',
      columns: ['id', 'NomRole', 'SlugRole'],
      rows: roles.map(([slug, id]) => csvRow([id, ROLE_NAMES[slug], slug])),
    },
    {
      table: 'FEDE_RoleModule',
      columns: ['id', 'ID_Role', 'SlugModule', 'Action', 'EST_Acces'],
      // Every (role, module, action) triple is written, denied ones with EST_Acces false, so
      // the matrix can be edited in the database without inserting rows.
      rows: roles.flatMap(([slug, roleId], r) =>
        PERMISSION_PAIRS.map(([module, action], m) =>
          csvRow([
            r * PERMISSION_PAIRS.length + m + 1,
            roleId,
            module,
            action,
            defaultPermission(slug, module, action),
          ]),
        ),
      ),
    },
    {
      table: 'DOC_TypeDocument',
      columns: ['id', 'SlugTypeDocument', 'NomTypeDocument'],
      rows: DOCUMENT_TYPES.map((d, i) => csvRow([i + 1, d.slug, d.name])),
    },
  ];
}

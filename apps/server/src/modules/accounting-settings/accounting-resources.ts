import {
  compteInputSchema,
  mappingFluxInputSchema,
  ModuleSlug,
  sectionAnalytiqueInputSchema,
  typeFacturationInputSchema,
  type AccountingResource,
  type ModuleSlugValue,
} from '@gdf/domain';
import { getTableName } from 'drizzle-orm';
import type { z } from 'zod';
import { columnNames } from '../../db/column-types';
import { CPT_Compte, CPT_MappingFlux, CPT_SectionAnalytique, CPT_TypeFacturation } from '../../db/schema/index';

/**
 * The four settings lists as data: table, writable columns (fixed identifiers, never user
 * text, checked against the Drizzle schema), input schema and the module a write needs (R-PERM-01, R-PERM-06).
 */
export interface ResourceDefinition {
  table: string;
  columns: readonly string[];
  orderBy: string;
  input: z.ZodType<Record<string, unknown>>;
  module: ModuleSlugValue;
  /** Derived columns computed from the input (an account's class is its first digit). */
  derived?: (input: Record<string, unknown>) => Record<string, unknown>;
}

export const RESOURCES: Record<AccountingResource, ResourceDefinition> = {
  comptes: {
    table: getTableName(CPT_Compte),
    columns: columnNames(CPT_Compte, ['Numero', 'Libelle', 'Classe']),
    orderBy: '"Numero"',
    input: compteInputSchema,
    module: ModuleSlug.ParamPlanComptable,
    derived: (input) => ({ Classe: Number(String(input.Numero).charAt(0)) }),
  },
  'types-facturation': {
    table: getTableName(CPT_TypeFacturation),
    columns: columnNames(CPT_TypeFacturation, ['Code', 'Libelle']),
    orderBy: '"Code"',
    input: typeFacturationInputSchema,
    module: ModuleSlug.ParamTypeFacturation,
  },
  'sections-analytiques': {
    table: getTableName(CPT_SectionAnalytique),
    columns: columnNames(CPT_SectionAnalytique, ['Code', 'Libelle']),
    orderBy: '"Code"',
    input: sectionAnalytiqueInputSchema,
    module: ModuleSlug.ParamPlanAnalytique,
  },
  'mappings-flux': {
    table: getTableName(CPT_MappingFlux),
    columns: columnNames(CPT_MappingFlux, [
      'ID_CategoryFlux',
      'ID_Tarif',
      'CompteNumero',
      'JournalCode',
      'CodeSection',
    ]),
    orderBy: '"ID_CategoryFlux" NULLS LAST, "ID_Tarif"',
    input: mappingFluxInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    module: ModuleSlug.ParamFluxFinancier,
  },
};

/** Reading a list (e.g. accounts for the mapping page's choices) needs any of the four modules. */
export const SETTINGS_MODULES: readonly ModuleSlugValue[] = [
  ModuleSlug.ParamPlanComptable,
  ModuleSlug.ParamTypeFacturation,
  ModuleSlug.ParamPlanAnalytique,
  ModuleSlug.ParamFluxFinancier,
];

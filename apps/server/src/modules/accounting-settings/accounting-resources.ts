import {
  compteInputSchema,
  mappingFluxInputSchema,
  ModuleSlug,
  sectionAnalytiqueInputSchema,
  typeFacturationInputSchema,
  type AccountingResource,
  type ModuleSlugValue,
} from '@gdf/domain';
import type { z } from 'zod';

/**
 * The four settings lists as data: table, writable columns (fixed identifiers, never user
 * text), input schema and the module a write needs (R-PERM-01, R-PERM-06).
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
    table: 'CPT_Compte',
    columns: ['Numero', 'Libelle', 'Classe'],
    orderBy: '"Numero"',
    input: compteInputSchema,
    module: ModuleSlug.ParamPlanComptable,
    derived: (input) => ({ Classe: Number(String(input.Numero).charAt(0)) }),
  },
  'types-facturation': {
    table: 'CPT_TypeFacturation',
    columns: ['Code', 'Libelle'],
    orderBy: '"Code"',
    input: typeFacturationInputSchema,
    module: ModuleSlug.ParamTypeFacturation,
  },
  'sections-analytiques': {
    table: 'CPT_SectionAnalytique',
    columns: ['Code', 'Libelle'],
    orderBy: '"Code"',
    input: sectionAnalytiqueInputSchema,
    module: ModuleSlug.ParamPlanAnalytique,
  },
  'mappings-flux': {
    table: 'CPT_MappingFlux',
    columns: ['ID_CategoryFlux', 'ID_Tarif', 'CompteNumero', 'JournalCode', 'CodeSection'],
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

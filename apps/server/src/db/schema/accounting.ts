import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MKP_CategoryFlux, MKP_Tarif } from './flux';
import { STR_Structure } from './structures';

/**
 * Paramétrages comptables (R-LEDG-01): each structure keeps its own chart of accounts and
 * mappings, because the same flux is revenue for the head office and an expense for a club.
 */
const structureId = () =>
  integer('ID_Structure')
    .notNull()
    .references(() => STR_Structure.id, { onDelete: 'cascade' });

export const CPT_Compte = pgTable(
  'CPT_Compte',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ID_Structure: structureId(),
    Numero: text('Numero').notNull(),
    Libelle: text('Libelle').notNull(),
    /** PCG class 1-7, the first digit of the number. */
    Classe: integer('Classe').notNull(),
  },
  (t) => [uniqueIndex('cpt_compte_structure_numero_uq').on(t.ID_Structure, t.Numero)],
);

export const CPT_TypeFacturation = pgTable(
  'CPT_TypeFacturation',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ID_Structure: structureId(),
    Code: text('Code').notNull(),
    Libelle: text('Libelle').notNull(),
  },
  (t) => [uniqueIndex('cpt_type_facturation_structure_code_uq').on(t.ID_Structure, t.Code)],
);

export const CPT_SectionAnalytique = pgTable(
  'CPT_SectionAnalytique',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ID_Structure: structureId(),
    Code: text('Code').notNull(),
    Libelle: text('Libelle').notNull(),
  },
  (t) => [uniqueIndex('cpt_section_analytique_structure_code_uq').on(t.ID_Structure, t.Code)],
);

/** A flux category (or, finer, a tarif) -> account, journal, analytic section. */
export const CPT_MappingFlux = pgTable(
  'CPT_MappingFlux',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ID_Structure: structureId(),
    ID_CategoryFlux: integer('ID_CategoryFlux').references(() => MKP_CategoryFlux.id),
    ID_Tarif: integer('ID_Tarif').references(() => MKP_Tarif.id, { onDelete: 'cascade' }),
    CompteNumero: text('CompteNumero').notNull(),
    JournalCode: text('JournalCode').notNull(),
    CodeSection: text('CodeSection'),
  },
  (t) => [
    uniqueIndex('cpt_mapping_flux_categorie_uq')
      .on(t.ID_Structure, t.ID_CategoryFlux)
      .where(sql`"ID_CategoryFlux" IS NOT NULL`),
    uniqueIndex('cpt_mapping_flux_tarif_uq')
      .on(t.ID_Structure, t.ID_Tarif)
      .where(sql`"ID_Tarif" IS NOT NULL`),
    check('cpt_mapping_flux_cible_ck', sql`("ID_CategoryFlux" IS NULL) <> ("ID_Tarif" IS NULL)`),
  ],
);

/** Third-party account rule, SIREN (FEC file name) per structure. */
export const CPT_Parametres = pgTable(
  'CPT_Parametres',
  {
    // An id like every application table (the seed's sequence reset relies on it).
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ID_Structure: structureId(),
    CompteCollectif: text('CompteCollectif').notNull(),
    /** Third-party account = prefix + the flux structure's federal code (head office: '411')... */
    TiersPrefixe: text('TiersPrefixe'),
    /** ...or one fixed account (a club: '401FFME'). */
    TiersCompteFixe: text('TiersCompteFixe'),
    TiersLibelleFixe: text('TiersLibelleFixe'),
    SIREN: text('SIREN'),
    /** First month of the fiscal year (R-LEDG-06): 9, the season's September, by default. */
    MoisDebutExercice: integer('MoisDebutExercice').notNull().default(9),
    /** The class-4 account of the federation's debts to its ligues and comités (R-PAY-10, ADR 0061). */
    CompteQuotesParts: text('CompteQuotesParts').notNull().default('467000'),
    LibelleQuotesParts: text('LibelleQuotesParts').notNull().default('Quotes-parts dues aux ligues et comités'),
  },
  (t) => [
    check('cpt_parametres_mois_debut_ck', sql`"MoisDebutExercice" BETWEEN 1 AND 12`),
    uniqueIndex('cpt_parametres_structure_uq').on(t.ID_Structure),
    check('cpt_parametres_regle_ck', sql`("TiersPrefixe" IS NULL) <> ("TiersCompteFixe" IS NULL)`),
  ],
);

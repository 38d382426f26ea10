import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, money, requiredRef, timestamptz } from './columns';
import { FEDE_Saison } from './seasons';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';
import { DOC_Contenu } from './documents';
import { issuedFile } from './issued-file';

/** 1 Licence, 2 Assurance, 3 Affiliation, 4 Facture, 5 Prélèvement SEPA, 6 Remboursement. */
export const MKP_CategoryFlux = pgTable('MKP_CategoryFlux', {
  id: integer('id').primaryKey(),
  NomCategoryFlux: text('NomCategoryFlux').notNull(),
});

export const MKP_Tarif = pgTable('MKP_Tarif', {
  id: id(),
  NomTarif: text('NomTarif').notNull(),
  PrixUnitaire: money('PrixUnitaire').notNull(),
  ID_CategoryFlux: requiredRef('ID_CategoryFlux', () => MKP_CategoryFlux.id),
  ID_Saison: integer('ID_Saison').references(() => FEDE_Saison.id),
});

/** A processing batch (for example one SEPA file) that handled flux. */
export const MKP_Traitement = pgTable(
  'MKP_Traitement',
  {
    id: id(),
    TypeTraitement: text('TypeTraitement').notNull(),
    ID_Structure: integer('ID_Structure').references(() => STR_Structure.id),
    ID_Utilisateur: integer('ID_Utilisateur').references(() => UTI_Utilisateur.id),
    NomFichier: text('NomFichier'),
    /** The generated file (a SEPA batch's XML); null for the seeded history and before ADR 0010. */
    ID_Contenu: integer('ID_Contenu').references(() => DOC_Contenu.id),
    Z_DateCreation: createdAt(),
    /**
     * Cancelled ('Annulé') when set, by whom: its flux were released for the next file and
     * its file is no longer served (R-SEPA-08). Both set together, in one transaction.
     */
    DateAnnulation: timestamptz('DateAnnulation'),
    ID_UtilisateurAnnulation: integer('ID_UtilisateurAnnulation').references(() => UTI_Utilisateur.id),
  },
  () => [check('mkp_traitement_annulation_ck', sql`("DateAnnulation" IS NULL) = ("ID_UtilisateurAnnulation" IS NULL)`)],
);

export const MKP_FluxFinancier = pgTable(
  'MKP_FluxFinancier',
  {
    id: id(),
    NomFluxFinancier: text('NomFluxFinancier').notNull(),
    Z_DateCreation: createdAt(),
    MontantHT: money('MontantHT').notNull(),
    MontantTVA: money('MontantTVA').notNull().default('0'),
    MontantTTC: money('MontantTTC').notNull(),
    EST_Debit: boolean('EST_Debit').notNull(),
    /** Settled (paid). */
    EST_Reglement: boolean('EST_Reglement').notNull().default(false),
    ID_CategoryFlux: requiredRef('ID_CategoryFlux', () => MKP_CategoryFlux.id),
    /** For a credit flux: the debit flux it settles. */
    ID_FluxFinancierDebit: integer('ID_FluxFinancierDebit'),
    /** The flux created by a relaunch; non-null means "relaunched". Unique: one relaunch per flux. */
    ID_FluxFinancierRelance: integer('ID_FluxFinancierRelance'),
    ID_Saison: requiredRef('ID_Saison', () => FEDE_Saison.id),
    ID_Structure: requiredRef('ID_Structure', () => STR_Structure.id),
    ID_Traitement: integer('ID_Traitement'),
    ID_Utilisateur: integer('ID_Utilisateur'),
    DateEcheance: date('DateEcheance'),
    /**
     * The day the flux was settled (R-FLUX-09): the bank's booking day of the credit that
     * completed it, or the day it was marked paid; cleared whenever EST_Reglement is
     * (trigger of migration 0019), so it never contradicts the flag.
     */
    DateReglement: date('DateReglement'),
    /** The bank entry (BQE_EcritureBancaire) whose reconciliation settled it, if any. */
    ID_EcritureBancaire: integer('ID_EcritureBancaire'),
  },
  (t) => [
    // "season + structure ordered by date" pages, and structure-only / date-only pages.
    index('mkp_flux_saison_structure_date_idx').on(t.ID_Saison, t.ID_Structure, t.Z_DateCreation.desc(), t.id.desc()),
    // A structure's flux by date: structure-only search pages, the relevé de compte's period.
    // DateReglement last (after the unique id, so it never changes the order): the statement's
    // earlier flux settled since its first day are found inside the index, without reading the
    // ~77,000 earlier flux of the largest structure (ADR 0045).
    index('mkp_flux_structure_date_idx').on(t.ID_Structure, t.Z_DateCreation.desc(), t.id.desc(), t.DateReglement),
    // ID_Structure last (after the unique id, so it never changes the order): the scope
    // filter is read from the index, so a deep page (OFFSET 60,000) is an index-only walk
    // (13 ms) instead of a sort of the whole season (88 ms).
    index('mkp_flux_saison_date_idx').on(t.ID_Saison, t.Z_DateCreation.desc(), t.id.desc(), t.ID_Structure),
    index('mkp_flux_date_idx').on(t.Z_DateCreation.desc(), t.id.desc(), t.ID_Structure),
    // Covers "licensee name contains" pages and counts from the index alone, with or without
    // a season: each matching user is one index range of (user, season), the structure scope
    // read from the index (the varied-search mix, R-PERF-03: season + name p95 cut several times under load).
    index('mkp_flux_utilisateur_saison_idx').on(
      t.ID_Utilisateur,
      t.ID_Saison,
      t.Z_DateCreation.desc(),
      t.id.desc(),
      t.ID_Structure,
    ),
    index('mkp_flux_nom_trgm_idx').using('gin', t.NomFluxFinancier.op('gin_trgm_ops')),
    // The label's words: "label contains a word part" through one word's posting list
    // (graphql/compiler/word-search.ts); the expression must stay identical there. The season
    // first (btree_gin, migration 0019): "season + label" intersects the two posting lists in
    // the index instead of reading every flux of the word to check its season (R-PERF-03);
    // "label" alone reads the words' lists as before.
    index('mkp_flux_saison_mots_idx').using('gin', t.ID_Saison, sql`string_to_array(lower("NomFluxFinancier"), ' ')`),
    uniqueIndex('mkp_flux_relance_uq').on(t.ID_FluxFinancierRelance),
    // A structure's page (R-BAL-01): its last settlements and its relaunched flux, read as the
    // first rows of an index range instead of every flux of the structure (77,000 for the
    // largest: 313 ms, then 64 ms for the relaunches, on 2,000,000 flux).
    index('mkp_flux_structure_reglement_idx')
      .on(t.ID_Structure, sql`"DateReglement" DESC NULLS LAST`, t.Z_DateCreation.desc(), t.id.desc())
      .where(sql`"EST_Reglement"`),
    index('mkp_flux_structure_relance_idx')
      .on(t.ID_Structure)
      .where(sql`"ID_FluxFinancierRelance" IS NOT NULL`),
    // The avoirs naming a debit (R-BAL-02): the balance rule allocates them to it.
    index('mkp_flux_debit_idx')
      .on(t.ID_FluxFinancierDebit)
      .where(sql`"ID_FluxFinancierDebit" IS NOT NULL`),
    // "Season + statut impayé" (R-SEARCH-15's filter; R-PERF-03): the unpaid, not relaunched flux
    // of a season by date, scope from the index. Its capped count was a bitmap of the whole
    // season (120 ms on 2,000,000 flux), now an index-only walk of 10,001 entries (6 ms).
    // Partial: the statement must be planned with its values, which it is (the 'impayé'
    // and 'rejeté' filters hold a relation filter: never prepared).
    index('mkp_flux_saison_impaye_idx')
      .on(t.ID_Saison, t.Z_DateCreation.desc(), t.id.desc(), t.ID_Structure)
      .where(sql`NOT "EST_Reglement" AND "ID_FluxFinancierRelance" IS NULL`),
    // "Season + category (+ amount range)": the capped count is an index-only range
    // (128 -> 3 ms); the page still walks mkp_flux_saison_date_idx.
    index('mkp_flux_saison_categorie_montant_idx').on(t.ID_Saison, t.ID_CategoryFlux, t.MontantTTC, t.ID_Structure),
    // The SEPA batch list counts the flux of each batch.
    index('mkp_flux_traitement_idx').on(t.ID_Traitement),
    // Unpaid direct debits waiting for a batch or a relaunch.
    index('mkp_flux_prelevement_a_traiter_idx')
      .on(t.ID_Structure, t.id)
      .where(sql`"ID_CategoryFlux" = 5 AND "EST_Debit" AND NOT "EST_Reglement"`),
    // Bank reconciliation (R-BANK-02): open debits by amount, within a date window.
    index('mkp_flux_ouvert_montant_idx')
      .on(t.MontantTTC, t.Z_DateCreation)
      .where(sql`"EST_Debit" AND NOT "EST_Reglement"`),
    // 'Réglé le …' filter of the search.
    index('mkp_flux_date_reglement_idx')
      .on(t.DateReglement)
      .where(sql`"DateReglement" IS NOT NULL`),
    // The flux a bank entry settled (the foreign key's checks, the entry's view).
    index('mkp_flux_ecriture_bancaire_idx')
      .on(t.ID_EcritureBancaire)
      .where(sql`"ID_EcritureBancaire" IS NOT NULL`),
  ],
);

/**
 * Every distinct word (lower case, split on spaces) of the flux labels, kept by a
 * trigger on MKP_FluxFinancier (migration 0005). Words of deleted or renamed labels stay:
 * they only cost a lookup that finds no flux.
 */
export const MKP_FluxLibelleMot = pgTable('MKP_FluxLibelleMot', { Mot: text('Mot').primaryKey() }, (t) => [
  index('mkp_flux_libelle_mot_trgm_idx').using('gin', t.Mot.op('gin_trgm_ops')),
]);

export const MKP_FluxFinancierDetail = pgTable(
  'MKP_FluxFinancierDetail',
  {
    id: id(),
    ID_FluxFinancier: integer('ID_FluxFinancier')
      .notNull()
      .references(() => MKP_FluxFinancier.id, { onDelete: 'cascade' }),
    NomFluxFinancierDetail: text('NomFluxFinancierDetail').notNull(),
    PrixUnitaire: money('PrixUnitaire').notNull(),
    Quantite: integer('Quantite').notNull().default(1),
    MontantHT: money('MontantHT').notNull(),
    MontantTTC: money('MontantTTC').notNull(),
    EST_Debit: boolean('EST_Debit').notNull(),
    ID_Tarif: integer('ID_Tarif'),
    Z_DateCreation: createdAt(),
  },
  (t) => [index('mkp_flux_detail_flux_idx').on(t.ID_FluxFinancier)],
);

/**
 * The documents of a flux as first issued (R-DOC-02): the PDF bytes stored at the first
 * download of its facture (or avoir, or avis de prélèvement) and of its relevé, returned as
 * they are at every later one. One row per (flux, type): concurrent first downloads store
 * one document. NomFichier is kept so the name never changes either.
 */
export const MKP_DocumentEmis = pgTable(
  'MKP_DocumentEmis',
  {
    id: id(),
    ID_FluxFinancier: requiredRef('ID_FluxFinancier', () => MKP_FluxFinancier.id),
    Type: text('Type').notNull(),
    ...issuedFile(),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    uniqueIndex('mkp_document_emis_flux_type_uq').on(t.ID_FluxFinancier, t.Type),
    check('mkp_document_emis_type_ck', sql`"Type" IN ('facture', 'releve', 'facture_xml')`),
  ],
);

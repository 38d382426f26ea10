import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BQE_Rapprochement } from './bank-statements';
import { createdAt, id, lineRank, requiredRef, timestamptz } from './columns';
import { DOC_Contenu } from './documents';
import { MKP_FluxFinancier } from './flux';
import { REV_MouvementQuotePart, REV_VersementLigne } from './payouts';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';

/**
 * The validated ledger (R-LEDG-07, ADR 0013). Each structure keeps its own books from its
 * own point of view (the head office's sale is a club's purchase). A validated entry is
 * written once and never changed (triggers in migration 0017): exports of a validated
 * range read these rows only, so they give the same bytes whatever changes afterwards.
 */
const structureId = () => requiredRef('ID_Structure', () => STR_Structure.id);

/** A fiscal year of a structure: 'ouvert' until closed; validated up to ValideJusquau. */
export const CPT_Exercice = pgTable(
  'CPT_Exercice',
  {
    id: id(),
    ID_Structure: structureId(),
    DateDebut: date('DateDebut').notNull(),
    DateFin: date('DateFin').notNull(),
    Statut: text('Statut').notNull().default('ouvert'),
    ValideJusquau: date('ValideJusquau'),
    DateCloture: timestamptz('DateCloture'),
  },
  (t) => [
    uniqueIndex('cpt_exercice_structure_debut_uq').on(t.ID_Structure, t.DateDebut),
    check('cpt_exercice_statut_ck', sql`"Statut" IN ('ouvert', 'cloture')`),
    check('cpt_exercice_bornes_ck', sql`"DateFin" >= "DateDebut"`),
    check(
      'cpt_exercice_valide_ck',
      sql`"ValideJusquau" IS NULL OR ("ValideJusquau" BETWEEN "DateDebut" AND "DateFin")`,
    ),
    check('cpt_exercice_cloture_ck', sql`("Statut" = 'cloture') = ("DateCloture" IS NOT NULL)`),
  ],
);

/** One 'Valider les écritures' (or a closing): who, when, up to which day, how many entries. */
export const CPT_Validation = pgTable('CPT_Validation', {
  id: id(),
  ID_Structure: structureId(),
  ID_Exercice: requiredRef('ID_Exercice', () => CPT_Exercice.id),
  Jusquau: date('Jusquau').notNull(),
  ID_Utilisateur: integer('ID_Utilisateur').references(() => UTI_Utilisateur.id),
  NbEcritures: integer('NbEcritures').notNull(),
  EST_Cloture: boolean('EST_Cloture').notNull().default(false),
  Z_DateCreation: createdAt(),
});

/**
 * A validated entry. Numero is continuous per fiscal year and journal (FEC, BOI-CF-IOR-60-40-20);
 * EcritureDate is never inside an already validated range; Empreinte is the digest of the
 * flux facts it was built from, to see later whether the flux changed.
 */
export const CPT_Ecriture = pgTable(
  'CPT_Ecriture',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    ID_Structure: structureId(),
    ID_Exercice: requiredRef('ID_Exercice', () => CPT_Exercice.id),
    ID_Validation: requiredRef('ID_Validation', () => CPT_Validation.id),
    /** The flux booked; null for a year's opening entry (journal AN, R-LEDG-13, ADR 0046). */
    ID_FluxFinancier: integer('ID_FluxFinancier').references(() => MKP_FluxFinancier.id),
    /**
     * A settlement entry (R-BANK-06, ADR 0017): the part of this bank reconciliation given to
     * the flux; null for the flux's own entry. With EST_Extourne: its reversal after an undo.
     */
    ID_Rapprochement: integer('ID_Rapprochement').references(() => BQE_Rapprochement.id),
    /** A level's share movement booked to the debt to its ligue and comité (R-PAY-10, ADR 0061). */
    ID_MouvementQuotePart: integer('ID_MouvementQuotePart').references(() => REV_MouvementQuotePart.id),
    /** A payout file's transfer booked in the bank journal (R-PAY-10, ADR 0061); with EST_Extourne: its reversal. */
    ID_VersementLigne: integer('ID_VersementLigne').references(() => REV_VersementLigne.id),
    JournalCode: text('JournalCode').notNull(),
    Numero: integer('Numero').notNull(),
    EcritureNum: text('EcritureNum').notNull(),
    EcritureDate: date('EcritureDate').notNull(),
    PieceRef: text('PieceRef').notNull(),
    PieceDate: date('PieceDate').notNull(),
    Libelle: text('Libelle').notNull(),
    ValidDate: date('ValidDate').notNull(),
    /** A reversal of an earlier entry of the same flux (the flux changed after validation). */
    EST_Extourne: boolean('EST_Extourne').notNull().default(false),
    Lettrage: text('Lettrage'),
    DateLettrage: date('DateLettrage'),
    Empreinte: text('Empreinte').notNull(),
  },
  (t) => [
    uniqueIndex('cpt_ecriture_numero_uq').on(t.ID_Exercice, t.JournalCode, t.Numero),
    index('cpt_ecriture_structure_date_idx').on(t.ID_Structure, t.EcritureDate, t.JournalCode, t.Numero),
    // A reconciliation part is booked once and reversed at most once per books.
    uniqueIndex('cpt_ecriture_rapprochement_uq')
      .on(t.ID_Rapprochement, t.ID_FluxFinancier, t.ID_Structure, t.EST_Extourne)
      .where(sql`"ID_Rapprochement" IS NOT NULL`),
    // A share movement is booked once per books; a transfer once, and reversed at most once.
    uniqueIndex('cpt_ecriture_mouvement_quote_part_uq')
      .on(t.ID_MouvementQuotePart, t.ID_Structure)
      .where(sql`"ID_MouvementQuotePart" IS NOT NULL`),
    uniqueIndex('cpt_ecriture_versement_ligne_uq')
      .on(t.ID_VersementLigne, t.ID_Structure, t.EST_Extourne)
      .where(sql`"ID_VersementLigne" IS NOT NULL`),
    // A year's opening entry (à-nouveaux) books no flux nor transfer: one per fiscal year, in journal AN.
    uniqueIndex('cpt_ecriture_a_nouveau_uq')
      .on(t.ID_Exercice)
      .where(sql`"ID_FluxFinancier" IS NULL AND "ID_VersementLigne" IS NULL`),
    check(
      'cpt_ecriture_a_nouveau_ck',
      sql`"ID_FluxFinancier" IS NOT NULL OR "ID_VersementLigne" IS NOT NULL OR "JournalCode" = 'AN'`,
    ),
    check('cpt_ecriture_numero_ck', sql`"Numero" > 0`),
    check('cpt_ecriture_lettrage_ck', sql`("Lettrage" IS NULL) = ("DateLettrage" IS NULL)`),
  ],
);

export const CPT_EcritureLigne = pgTable(
  'CPT_EcritureLigne',
  {
    ID_Ecriture: bigint('ID_Ecriture', { mode: 'number' })
      .notNull()
      .references(() => CPT_Ecriture.id),
    Rang: lineRank(),
    CompteNum: text('CompteNum').notNull(),
    CompAuxNum: text('CompAuxNum'),
    Section: text('Section'),
    /** Cents, one side only. */
    Debit: bigint('Debit', { mode: 'number' }).notNull(),
    Credit: bigint('Credit', { mode: 'number' }).notNull(),
    EST_Lettree: boolean('EST_Lettree').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.ID_Ecriture, t.Rang] }),
    check('cpt_ecriture_ligne_sens_ck', sql`"Debit" >= 0 AND "Credit" >= 0 AND ("Debit" = 0) <> ("Credit" = 0)`),
  ],
);

/**
 * The label of each account (Nature 'G') and auxiliary account ('X') in a fiscal year's
 * books: the first one validated stays, so a FEC has one label per account.
 */
export const CPT_EcritureCompte = pgTable(
  'CPT_EcritureCompte',
  {
    ID_Exercice: requiredRef('ID_Exercice', () => CPT_Exercice.id),
    Nature: text('Nature').notNull(),
    Numero: text('Numero').notNull(),
    Libelle: text('Libelle').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ID_Exercice, t.Nature, t.Numero] }),
    check('cpt_ecriture_compte_nature_ck', sql`"Nature" IN ('G', 'X')`),
  ],
);

/** In a structure's books, a flux and the entry that books it now (keyed by books and flux). */
const bookedFlux = () => ({
  ID_Structure: structureId(),
  ID_FluxFinancier: requiredRef('ID_FluxFinancier', () => MKP_FluxFinancier.id),
  ID_Ecriture: bigint('ID_Ecriture', { mode: 'number' })
    .notNull()
    .references(() => CPT_Ecriture.id),
});

/** Which entry currently books a flux in a structure's ledger, and from which facts. */
export const CPT_FluxComptabilise = pgTable(
  'CPT_FluxComptabilise',
  { ...bookedFlux(), Empreinte: text('Empreinte').notNull() },
  (t) => [primaryKey({ columns: [t.ID_Structure, t.ID_FluxFinancier] })],
);

/**
 * Which entry currently books the settlement of a flux settled outside bank reconciliations in
 * a structure's books (R-LEDG-14, ADR 0047), and from which facts: one at most per flux, so a
 * settlement is booked once; reversed (and the row removed) when the flux is no longer settled
 * so, replaced when its facts change.
 */
export const CPT_ReglementComptabilise = pgTable(
  'CPT_ReglementComptabilise',
  {
    ...bookedFlux(),
    /** The settlement day that entry was booked for (its PieceDate): the day its reversal is dated from. */
    JourReglement: date('JourReglement').notNull(),
    Empreinte: text('Empreinte').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ID_Structure, t.ID_FluxFinancier] }),
    // A validation's reversals read a structure's booked settlements by their days only (a head-office year holds millions).
    index('cpt_reglement_comptabilise_jour_idx').on(t.ID_Structure, t.JourReglement),
  ],
);

/** Every SAGE / FEC file produced, its bytes kept (gzip) so it downloads again identical. */
export const CPT_FichierExport = pgTable(
  'CPT_FichierExport',
  {
    id: id(),
    ID_Structure: structureId(),
    ID_Utilisateur: integer('ID_Utilisateur').references(() => UTI_Utilisateur.id),
    Format: text('Format').notNull(),
    Du: date('Du').notNull(),
    Au: date('Au').notNull(),
    Journaux: text('Journaux').array(),
    EST_Valide: boolean('EST_Valide').notNull(),
    NomFichier: text('NomFichier').notNull(),
    Taille: bigint('Taille', { mode: 'number' }).notNull(),
    Sha256: text('Sha256').notNull(),
    NbEcritures: integer('NbEcritures').notNull(),
    ID_Contenu: requiredRef('ID_Contenu', () => DOC_Contenu.id),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    index('cpt_fichier_export_structure_idx').on(t.ID_Structure, t.id),
    check('cpt_fichier_export_format_ck', sql`"Format" IN ('pnm', 'csv', 'fec')`),
  ],
);

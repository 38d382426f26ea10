import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, money, timestamptz } from './columns';
import { DOC_Contenu } from './documents';
import { MKP_FluxFinancier } from './flux';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';

/**
 * The head office's bank statements (R-BANK-01): camt.053 or CFONB 120, one row per
 * statement. Compte (the account as IBAN) + Identifiant is unique, and so is Compte + period:
 * importing the same statement again, even under another id, adds no statement (only the
 * entries it did not have). The file's bytes are kept (DOC_Contenu, 'releve_bancaire').
 */
export const BQE_ReleveBancaire = pgTable(
  'BQE_ReleveBancaire',
  {
    id: id(),
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    Compte: text('Compte').notNull(),
    Identifiant: text('Identifiant').notNull(),
    Format: text('Format').notNull(),
    Devise: text('Devise').notNull(),
    DateDebut: date('DateDebut').notNull(),
    DateFin: date('DateFin').notNull(),
    SoldeOuverture: money('SoldeOuverture').notNull(),
    SoldeCloture: money('SoldeCloture').notNull(),
    NomFichier: text('NomFichier').notNull(),
    ID_Contenu: integer('ID_Contenu').references(() => DOC_Contenu.id),
    ID_Utilisateur: integer('ID_Utilisateur').references(() => UTI_Utilisateur.id),
    Z_DateCreation: createdAt(),
  },
  (t) => [
    uniqueIndex('bqe_releve_compte_identifiant_uq').on(t.Compte, t.Identifiant),
    // One statement per account and period: the same day sent again under another id is the same statement.
    uniqueIndex('bqe_releve_compte_periode_uq').on(t.Compte, t.DateDebut, t.DateFin),
    index('bqe_releve_structure_date_idx').on(t.ID_Structure, t.DateFin.desc(), t.id.desc()),
  ],
);

/** An entry of a statement, as the bank wrote it (amount positive, Sens says which way). */
export const BQE_EcritureBancaire = pgTable(
  'BQE_EcritureBancaire',
  {
    id: id(),
    ID_ReleveBancaire: integer('ID_ReleveBancaire')
      .notNull()
      .references(() => BQE_ReleveBancaire.id),
    Rang: integer('Rang').notNull(),
    Reference: text('Reference').notNull(),
    DateComptable: date('DateComptable').notNull(),
    DateValeur: date('DateValeur'),
    Montant: money('Montant').notNull(),
    Sens: text('Sens').notNull(),
    /** camt.053 Sts (BOOK, PDNG, INFO); null for CFONB 120, whose entries are all booked. */
    Statut: text('Statut'),
    Libelle: text('Libelle'),
    InfosRemise: text('InfosRemise').array().notNull(),
    EndToEndIds: text('EndToEndIds').array().notNull(),
    NomDebiteur: text('NomDebiteur'),
    IbanDebiteur: text('IbanDebiteur'),
    LotMessageId: text('LotMessageId'),
    LotPaymentInfoId: text('LotPaymentInfoId'),
    CodeOperation: text('CodeOperation'),
  },
  (t) => [
    uniqueIndex('bqe_ecriture_releve_reference_uq').on(t.ID_ReleveBancaire, t.Reference),
    // The ledger's settlement entries read the entries of a date range (ADR 0017).
    index('bqe_ecriture_date_idx').on(t.DateComptable),
    check('bqe_ecriture_sens_ck', sql`"Sens" IN ('credit', 'debit')`),
    check('bqe_ecriture_montant_ck', sql`"Montant" > 0`),
  ],
);

/**
 * A confirmed reconciliation of one credit entry with flux (R-BANK-04): who and when; an
 * undo ('Annuler le rapprochement') dates it cancelled and keeps it. At most one active
 * reconciliation per entry.
 */
export const BQE_Rapprochement = pgTable(
  'BQE_Rapprochement',
  {
    id: id(),
    ID_EcritureBancaire: integer('ID_EcritureBancaire')
      .notNull()
      .references(() => BQE_EcritureBancaire.id),
    ID_Utilisateur: integer('ID_Utilisateur').references(() => UTI_Utilisateur.id),
    Z_DateCreation: createdAt(),
    DateAnnulation: timestamptz('DateAnnulation'),
    ID_UtilisateurAnnulation: integer('ID_UtilisateurAnnulation').references(() => UTI_Utilisateur.id),
  },
  (t) => [
    uniqueIndex('bqe_rapprochement_actif_uq')
      .on(t.ID_EcritureBancaire)
      .where(sql`"DateAnnulation" IS NULL`),
    check('bqe_rapprochement_annulation_ck', sql`("DateAnnulation" IS NULL) = ("ID_UtilisateurAnnulation" IS NULL)`),
  ],
);

/** The part of the credit given to one flux; EST_Regle: this part made the flux settled. */
export const BQE_RapprochementFlux = pgTable(
  'BQE_RapprochementFlux',
  {
    ID_Rapprochement: integer('ID_Rapprochement')
      .notNull()
      .references(() => BQE_Rapprochement.id),
    ID_FluxFinancier: integer('ID_FluxFinancier')
      .notNull()
      .references(() => MKP_FluxFinancier.id),
    Montant: money('Montant').notNull(),
    EST_Regle: boolean('EST_Regle').notNull().default(false),
  },
  (t) => [
    uniqueIndex('bqe_rapprochement_flux_uq').on(t.ID_Rapprochement, t.ID_FluxFinancier),
    index('bqe_rapprochement_flux_flux_idx').on(t.ID_FluxFinancier),
    check('bqe_rapprochement_flux_montant_ck', sql`"Montant" > 0`),
  ],
);

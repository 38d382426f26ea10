import { z } from 'zod';
import type { Cents } from '../money/money';
import type { BankEntryDirection, BankStatementFormat } from './bank-statement';
import type { MatchConfidence, MatchReason } from './matching';
import type { PayerSource } from './payer-names';

/**
 * The REST contracts of bank statements and reconciliation (R-BANK-01 to R-BANK-07), under the SEPA
 * section of the export files page: /api/exports/sepa/releves...
 */
export const BANK_STATEMENTS_URL = '/api/exports/sepa/releves';
export const bankEntryUrl = (entryId: number) => `${BANK_STATEMENTS_URL}/ecritures/${entryId}`;

/** One statement of an import: new, or known already (same account and statement id). */
export interface ImportedStatement {
  id: number;
  identifiant: string;
  dateDebut: string;
  dateFin: string;
  /** False when this statement had been imported before. */
  nouveau: boolean;
  nbEcritures: number;
  /** Entries added by this import (0 for a statement known already with the same entries). */
  nbEcrituresAjoutees: number;
}

export interface BankStatementImportResult {
  format: BankStatementFormat;
  nomFichier: string;
  releves: ImportedStatement[];
  /** Credits of the new entries with a proposal of confidence 'sure'. */
  nbPropositionsSures: number;
}

/** A statement in the list, with its reconciliation progress. */
export interface BankStatementSummary {
  id: number;
  format: BankStatementFormat;
  identifiant: string;
  /** The account as IBAN, masked but for its last four characters. */
  compte: string;
  dateDebut: string;
  dateFin: string;
  soldeOuvertureCents: Cents;
  soldeClotureCents: Cents;
  nbEcritures: number;
  /** Credits confirmed. */
  nbRapprochees: number;
  /** Booked credits not reconciled yet. */
  nbATraiter: number;
  nomFichier: string;
  dateImport: string;
}

/** A flux as shown next to an entry (proposal, reconciliation or manual search). */
export interface BankMatchFlux {
  ID_FluxFinancier: number;
  numeroFacture: string;
  NomFluxFinancier: string;
  ID_Structure: number;
  NomStructure: string;
  montantCents: Cents;
  /** Still due (the amount less confirmed parts). */
  resteDuCents: Cents;
  /** yyyy-mm-dd (Europe/Paris). */
  dateCreation: string;
}

export interface BankEntryProposal {
  flux: BankMatchFlux[];
  resteDuCents: Cents;
  score: number;
  confiance: MatchConfidence;
  raisons: MatchReason[];
  /** R-BANK-10: a flux of another structure than the identified payer (confirmed only when asked). */
  autreStructure: boolean;
  /** R-BANK-11: the bank's debit of the batch's rejects, which explains the rest of the credit. */
  debitRejets: { id: number; montantCents: Cents; dateComptable: string } | null;
}

/** R-BANK-09: the structure identified as the entry's payer, and by what. */
export interface BankEntryPayer {
  ID_Structure: number;
  NomStructure: string;
  sources: PayerSource[];
}

export interface BankReconciliationPart {
  flux: BankMatchFlux;
  montantCents: Cents;
  /** This reconciliation set the flux settled (its parts reached its amount). */
  regle: boolean;
}

export interface BankReconciliation {
  id: number;
  date: string;
  utilisateur: string | null;
  parts: BankReconciliationPart[];
}

export type BankEntryState = 'rapprochee' | 'a_traiter' | 'debit' | 'non_comptabilisee';

export interface BankEntryView {
  id: number;
  reference: string;
  dateComptable: string;
  dateValeur: string | null;
  sens: BankEntryDirection;
  montantCents: Cents;
  libelle: string | null;
  infosRemise: string[];
  nomDebiteur: string | null;
  ibanDebiteur: string | null;
  etat: BankEntryState;
  /** For a credit to reconcile or reconciled: its identified payer (R-BANK-09), null when none. */
  payeur: BankEntryPayer | null;
  /** For a credit to reconcile: the proposals, best first. */
  propositions: BankEntryProposal[];
  /** For a reconciled credit. */
  rapprochement: BankReconciliation | null;
}

export const BANK_ENTRY_FILTERS = ['a_traiter', 'rapprochees', 'toutes'] as const;
export type BankEntryFilter = (typeof BANK_ENTRY_FILTERS)[number];

export interface BankEntryPage {
  releve: BankStatementSummary;
  ecritures: BankEntryView[];
  total: number;
}

/** The body of 'Rapprocher': the parts of the credit given to each flux. */
export const confirmReconciliationSchema = z.object({
  parts: z
    .array(
      z.object({
        ID_FluxFinancier: z.number().int().positive(),
        montantCents: z.number().int().positive(),
      }),
    )
    .min(1)
    .max(500),
  /**
   * R-BANK-10: the user was told the payer identified is another structure than a flux's and
   * confirmed anyway; without it such a reconciliation is refused.
   */
  autreStructureConfirmee: z.boolean().optional(),
});
export type ConfirmReconciliationBody = z.infer<typeof confirmReconciliationSchema>;

/** The labels of the proposal reasons, shown as chips. */
export const MATCH_REASON_LABELS: Record<MatchReason, string> = {
  facture: 'N° de facture',
  flux: 'N° de flux',
  bout_en_bout: 'Référence SEPA',
  lot: 'Lot de prélèvements',
  montant: 'Montant identique',
  montant_lot: 'Montant du lot',
  montant_structure: 'Total dû par la structure',
  montant_different: 'Montant différent',
  iban: 'IBAN du payeur',
  payeur: 'Flux du payeur identifié',
  licencie: 'Licencié nommé',
  autre_structure: 'Autre structure que le payeur',
  rejets_lot: 'Rejets du lot débités',
};

/** R-BANK-09: how the payer was identified, as the entry shows it. */
export const PAYER_SOURCE_LABELS: Record<PayerSource, string> = {
  iban: 'IBAN',
  nom: 'nom',
  reference: 'référence',
};

export const MATCH_CONFIDENCE_LABELS: Record<MatchConfidence, string> = {
  sure: 'Sûre',
  probable: 'Probable',
  possible: 'Possible',
};

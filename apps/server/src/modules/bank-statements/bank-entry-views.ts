import {
  invoiceNumber,
  type BankEntryPayer,
  type BankEntryProposal,
  type BankEntryState,
  type BankMatchFlux,
  type BankReconciliation,
  type BankStatementSummary,
  type IdentifiedPayer,
  type MatchingData,
  type MatchProposal,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import type { RequestScope } from '../scope/scope';
import {
  activeReconciliationParts,
  fluxFacts,
  type EntryRow,
  type FluxFacts,
  type StatementRow,
} from './bank-statements.repository';
import type { OpenFluxRow } from './matching.repository';

/** What the screens show of statements, entries, proposals and reconciliations (R-BANK-04). */

const maskedAccount = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;

export function payerView(payer: IdentifiedPayer, data: MatchingData): BankEntryPayer {
  return {
    ID_Structure: payer.structureId,
    NomStructure: data.structureNames?.names.get(payer.structureId) ?? String(payer.structureId),
    sources: payer.sources,
  };
}

export function toSummary(row: StatementRow): BankStatementSummary {
  return {
    id: row.id,
    format: row.format as BankStatementSummary['format'],
    identifiant: row.identifiant,
    compte: maskedAccount(row.compte),
    dateDebut: row.dateDebut,
    dateFin: row.dateFin,
    soldeOuvertureCents: Number(row.opening),
    soldeClotureCents: Number(row.closing),
    nbEcritures: Number(row.nbEcritures),
    nbRapprochees: Number(row.nbRapprochees),
    nbATraiter: Number(row.nbATraiter),
    nomFichier: row.nomFichier,
    dateImport: new Date(row.dateImport).toISOString(),
  };
}

export function entryState(row: EntryRow): BankEntryState {
  if (row.reconciliationId !== null) return 'rapprochee';
  if (row.direction === 'debit') return 'debit';
  return row.status === null || row.status === 'BOOK' ? 'a_traiter' : 'non_comptabilisee';
}

export const toMatchFlux = (row: OpenFluxRow | FluxFacts): BankMatchFlux => ({
  ID_FluxFinancier: row.id,
  numeroFacture: invoiceNumber(row.seasonId, row.id),
  NomFluxFinancier: row.label,
  ID_Structure: row.structureId,
  NomStructure: row.structureName,
  montantCents: Number(row.cents),
  resteDuCents: Number(row.dueCents),
  dateCreation: row.createdDay,
});

export function toProposal(
  proposal: MatchProposal,
  matching: { data: MatchingData; rows: Map<number, OpenFluxRow> },
): BankEntryProposal {
  return {
    flux: proposal.fluxIds.map((id) => toMatchFlux(matching.rows.get(id)!)),
    resteDuCents: proposal.dueCents,
    score: proposal.score,
    confiance: proposal.confidence,
    raisons: proposal.reasons,
    autreStructure: proposal.otherStructure,
    debitRejets: proposal.rejectDebit
      ? {
          id: proposal.rejectDebit.entryId,
          montantCents: proposal.rejectDebit.amountCents,
          dateComptable: proposal.rejectDebit.bookingDate,
        }
      : null,
  };
}

export async function reconciliationsOf(
  database: Database,
  scope: RequestScope,
  rows: readonly EntryRow[],
): Promise<Map<number, BankReconciliation>> {
  const result = new Map<number, BankReconciliation>();
  const parts = await activeReconciliationParts(
    database,
    rows.map((row) => row.id),
  );
  if (parts.length === 0) return result;
  const facts = await fluxFacts(database, scope, [...new Set(parts.map((part) => part.fluxId))]);
  for (const part of parts) {
    const flux = facts.get(part.fluxId);
    if (!flux) continue;
    const reconciliation = result.get(part.entryId) ?? {
      id: part.reconciliationId,
      date: new Date(part.date).toISOString(),
      utilisateur: part.userName,
      parts: [],
    };
    reconciliation.parts.push({ flux: toMatchFlux(flux), montantCents: Number(part.cents), regle: part.settled });
    result.set(part.entryId, reconciliation);
  }
  return result;
}

import {
  buildPain008,
  ibanBank,
  normalizeIban,
  sepaEndToEndId,
  toCents,
  transactionProblem,
  type Pain008Version,
  type SepaCreditor,
  type SepaDirectDebit,
  type SepaExcludedStructure,
  type SepaMandateAmendment,
  type SepaSequenceType,
} from '@gdf/domain';
import { debtorFields, summaryOf } from './sepa-debtors';
import type { DebtorDueRow } from './sepa.repository';

/** A collectable flux of an eligible structure, locked for this batch. */
export interface BatchFluxRow {
  id: number;
  ID_Structure: number;
  NomFluxFinancier: string;
  amount: string;
}

/** The account a mandate was last presented under (MKP_PrelevementSepa). */
export interface PresentedAccount {
  ID_Structure: number;
  MandatRUM: string;
  IBAN: string;
}

export interface BatchTransaction extends SepaDirectDebit {
  fluxId: number;
  structureId: number;
}

export interface BatchInput {
  batchId: number;
  version: Pain008Version;
  sequenceType: SepaSequenceType;
  createdAt: Date;
  collectionDate: string;
  creditor: SepaCreditor;
  /** Eligible structures by id (classifyDebtors). */
  debtors: ReadonlyMap<number, DebtorDueRow>;
  flux: readonly BatchFluxRow[];
  lastAccounts: readonly PresentedAccount[];
}

export interface AssembledBatch {
  transactions: BatchTransaction[];
  /** Structures left out at this stage, with the reason of their first failing transaction. */
  excluded: SepaExcludedStructure[];
  /** Null when no transaction is left. */
  xml: string | null;
}

const mandateKey = (structureId: number, rum: string) => `${structureId}\u0000${rum}`;

/** EPC IG AT-24: the original account when it changed since the mandate's last collection. */
function amendmentOf(iban: string, last: PresentedAccount | undefined): SepaMandateAmendment | null {
  if (!last || normalizeIban(last.IBAN) === normalizeIban(iban)) return null;
  return { originalDebtorIban: last.IBAN, bankChanged: ibanBank(last.IBAN) !== ibanBank(iban) };
}

/**
 * Builds a batch's transactions, runs the EPC pre-flight rules on each (a structure with a
 * failing transaction is left out whole: it is never half collected), then writes the file
 * of the others. Pure: the caller claims the flux only once the file passed its XSD.
 */
export function assembleBatch(input: BatchInput): AssembledBatch {
  const last = new Map(
    input.lastAccounts.map((account) => [mandateKey(account.ID_Structure, account.MandatRUM), account]),
  );
  const byStructure = new Map<number, BatchTransaction[]>();
  const sorted = [...input.flux].sort((a, b) => a.ID_Structure - b.ID_Structure || a.id - b.id);
  for (const flux of sorted) {
    const row = input.debtors.get(flux.ID_Structure);
    if (!row) continue;
    const fields = debtorFields(row);
    const transaction: BatchTransaction = {
      ...fields,
      fluxId: flux.id,
      structureId: flux.ID_Structure,
      endToEndId: sepaEndToEndId(input.batchId, flux.id),
      amountCents: toCents(flux.amount),
      remittance: `${flux.NomFluxFinancier} - flux ${flux.id}`,
      amendment: amendmentOf(fields.debtorIban, last.get(mandateKey(flux.ID_Structure, fields.mandateReference))),
    };
    byStructure.set(flux.ID_Structure, [...(byStructure.get(flux.ID_Structure) ?? []), transaction]);
  }
  const transactions: BatchTransaction[] = [];
  const excluded: SepaExcludedStructure[] = [];
  for (const [structureId, list] of byStructure) {
    const problem = list.map((t) => transactionProblem(t, input.collectionDate)).find((p) => p !== null);
    if (problem) excluded.push({ ...summaryOf(input.debtors.get(structureId) as DebtorDueRow), ...problem });
    else transactions.push(...list);
  }
  if (transactions.length === 0) return { transactions, excluded, xml: null };
  const xml = buildPain008({
    version: input.version,
    messageId: `GDF-SEPA-${input.batchId}`,
    paymentInfoId: `GDF-SEPA-${input.batchId}-1`,
    createdAt: input.createdAt,
    requestedCollectionDate: input.collectionDate,
    sequenceType: input.sequenceType,
    creditor: input.creditor,
    transactions,
  });
  return { transactions, excluded, xml };
}

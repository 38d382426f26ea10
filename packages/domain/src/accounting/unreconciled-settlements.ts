import type { Cents } from '../money/money';
import { settlementLabel, type Lettering } from './bank-entries';
import { provisionalEntryNumber, thirdPartyAccount, type AccountingEntry, type ThirdPartyRule } from './entry';

/**
 * Settlements booked outside bank reconciliations (R-LEDG-14, ADR 0047). A flux marked paid
 * without a bank line (by hand, created paid, a card payment, a seeded history) is settled
 * for the account statement on its settlement day (R-STMT-02); the head office's books book
 * that settlement too, so each structure's third-party balance is the statement's:
 * - journal RG ('Règlements'), beside BQ which holds only what the bank statements show;
 * - the counterpart is 511000 'Valeurs à l'encaissement' (PCG 511: values received, not yet
 *   seen on the bank account), never 512: 512 stays what the bank statements reconcile, and
 *   511 is cleared against 512 when the bank line comes (the treasurer's entry);
 * - what the bank reconciliations of the flux booked already (R-BANK-06) is left out, so a flux
 *   is never settled twice in the ledger.
 */
export const UNRECONCILED_JOURNAL = 'RG';
export const UNRECONCILED_ACCOUNT = '511000';
/** Used when the books' chart has no 511000 account (its own label wins otherwise). */
export const UNRECONCILED_ACCOUNT_LABEL = "Valeurs à l'encaissement";

/**
 * The day a settled flux stops being owed, as the account statement closes it (fluxClosingDay):
 * its settlement day, never before its own day; its own day when settled before settlement days
 * were recorded (DateReglement null). Days are 'YYYY-MM-DD' in Europe/Paris.
 */
export function unreconciledSettlementDay(fluxDay: string, settledOn: string | null): string {
  return settledOn !== null && settledOn > fluxDay ? settledOn : fluxDay;
}

/**
 * What the settlement moves on the third-party account, from the head office's side: + debit,
 * − credit. A settled debit flux credits its amount (a credit flux paid out debits it), less
 * what bank reconciliations already credited for it (`reconciledCents`, the active parts). Zero:
 * nothing left to book.
 */
export function unreconciledThirdPartyCents(
  flux: { isDebit: boolean; amountCents: Cents },
  reconciledCents: Cents,
): Cents {
  return (flux.isDebit ? -flux.amountCents : flux.amountCents) + reconciledCents;
}

export interface UnreconciledSettlementForEntry {
  fluxId: number;
  /** Its invoice number (FEC PieceRef), as on the sale entry. */
  pieceRef: string;
  /** unreconciledSettlementDay: FEC PieceDate, and EcritureDate unless that day is validated. */
  settlementDay: string;
  /** unreconciledThirdPartyCents. */
  thirdPartyCents: Cents;
  structureCode: string | null;
  structureName: string;
  /** A relaunch copy books no sale entry of its own: nothing to letter its settlement against. */
  relaunchCopy: boolean;
}

/**
 * The settlement entry: the structure's third-party account (as the sale entry's:
 * thirdPartyAccount) against 511000, lettered `L<flux id>` on the settlement day with the sale
 * entry (the code bank settlements use), unless the flux is a relaunch copy.
 */
export function buildUnreconciledSettlementEntry(
  settlement: UnreconciledSettlementForEntry,
  rule: ThirdPartyRule,
  transit: { account: string; label: string } = {
    account: UNRECONCILED_ACCOUNT,
    label: UNRECONCILED_ACCOUNT_LABEL,
  },
): AccountingEntry {
  const tiers = thirdPartyAccount(rule, settlement);
  const cents = Math.abs(settlement.thirdPartyCents);
  const thirdPartyDebits = settlement.thirdPartyCents > 0;
  const lettering: Lettering | null = settlement.relaunchCopy
    ? null
    : { code: `L${settlement.fluxId}`, date: settlement.settlementDay };
  return {
    fluxId: settlement.fluxId,
    journal: UNRECONCILED_JOURNAL,
    number: provisionalEntryNumber(UNRECONCILED_JOURNAL, settlement.fluxId),
    sequence: null,
    date: settlement.settlementDay,
    pieceRef: settlement.pieceRef,
    pieceDate: settlement.settlementDay,
    validDate: null,
    lettering,
    label: settlementLabel(settlement.pieceRef),
    lines: [
      {
        account: transit.account,
        accountLabel: transit.label,
        auxAccount: '',
        auxLabel: '',
        section: null,
        debitCents: thirdPartyDebits ? 0 : cents,
        creditCents: thirdPartyDebits ? cents : 0,
        lettered: false,
      },
      {
        account: rule.collectiveAccount,
        accountLabel: rule.collectiveLabel,
        auxAccount: tiers.account,
        auxLabel: tiers.label,
        section: null,
        debitCents: thirdPartyDebits ? cents : 0,
        creditCents: thirdPartyDebits ? 0 : cents,
        lettered: lettering !== null,
      },
    ],
  };
}

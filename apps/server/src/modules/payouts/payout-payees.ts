import {
  DEFAULT_PAIN001_VERSION,
  formatEuros,
  normalizeIban,
  payeeExclusion,
  payoutExclusionMotif,
  StructureType,
  usableBic,
  type Pain001Version,
  type PayoutPayeeRow,
  type SepaCreditTransfer,
} from '@gdf/domain';
import { HttpError } from '../../lib/http-errors';
import { PAYOUT_TEXTS } from './messages';
import type { PayeeRow } from './payouts.repository';

/**
 * The payees of a payout as the preview and the file see them (R-PAY-05 to R-PAY-07): what each
 * is due, why one is left out, and the transfer a payable one gets.
 */
export type Classified = PayoutPayeeRow & { account: PayeeRow };

/** R-PAY-06: each payee with what is due and, when it cannot be paid, why. */
export function classify(
  rows: readonly PayeeRow[],
  kind: 'shares' | 'refunds',
  version: Pain001Version = DEFAULT_PAIN001_VERSION,
): Classified[] {
  return rows.map((row) => {
    const earned = Number(row.earned);
    const paid = Number(row.paid);
    const due = earned - paid;
    const niveau = kind === 'refunds' ? 'club' : row.type === StructureType.LigueRegionale ? 'ligue' : 'comite';
    const code = payeeExclusion(
      {
        name: row.holder ?? '',
        iban: row.iban,
        bic: row.bic,
        town: row.town,
        country: row.country,
        blocked: row.blocked,
        dueCents: due,
      },
      version,
    );
    return {
      structureId: row.structureId,
      nom: row.nom,
      codeFederal: row.codeFederal,
      niveau,
      acquisCentimes: earned,
      verseCentimes: paid,
      dueCentimes: Math.max(due, 0),
      ...(row.fluxIds ? { fluxIds: row.fluxIds } : {}),
      ...(code ? { exclusion: { code, motif: payoutExclusionMotif(code, row) } } : {}),
      account: row,
    };
  });
}

export const publicRow = ({ account: _account, ...row }: Classified): PayoutPayeeRow => row;

/** R-PAY-07: the file pays what the user confirmed in the preview, or nothing. */
export function checkConfirmedTotal(confirmed: number | undefined, payables: readonly Classified[]): void {
  const due = payables.reduce((total, row) => total + row.dueCentimes, 0);
  if (confirmed !== undefined && confirmed !== due)
    throw new HttpError(409, PAYOUT_TEXTS.totalMoved(formatEuros(confirmed), formatEuros(due)), 'conflict');
}

export function transferOf(batchId: number, row: Classified): SepaCreditTransfer {
  const refund = row.niveau === 'club';
  return {
    endToEndId: `${refund ? 'RBT' : 'REV'}-${batchId}-${row.structureId}`,
    amountCents: row.dueCentimes,
    // R-PAY-05: the holder's name as recorded with the RIB (what Verification of Payee compares).
    creditorName: row.account.holder ?? '',
    creditorIban: normalizeIban(row.account.iban ?? ''),
    creditorBic: usableBic(row.account.bic),
    creditorAddress: {
      street: row.account.street,
      postCode: row.account.postCode,
      town: row.account.town ?? '',
      country: row.account.country ?? '',
      complement: row.account.complement,
    },
    remittance: refund ? PAYOUT_TEXTS.refundRemittance(row.fluxIds ?? []) : PAYOUT_TEXTS.shareRemittance(row.nom),
  };
}

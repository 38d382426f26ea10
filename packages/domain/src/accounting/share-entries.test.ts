import { describe, expect, it } from 'vitest';
import {
  buildPayoutTransferEntry,
  buildShareMovementEntry,
  DEFAULT_SHARE_ACCOUNT,
  DEFAULT_SHARE_ACCOUNT_LABEL,
  entryTotals,
  parametresInputSchema,
  sharePayeeAccount,
  type ShareMovementForEntry,
  type ThirdPartyRule,
} from './index';

const DEBT = { account: DEFAULT_SHARE_ACCOUNT, label: DEFAULT_SHARE_ACCOUNT_LABEL };
const REVENUE = { account: '706100', label: 'Licences', section: 'LIC' };
const BANK = { account: '512000', label: 'Banque' };
const RULE: ThirdPartyRule = {
  collectiveAccount: '411000',
  collectiveLabel: 'Clients',
  prefix: '411',
  fixedAccount: null,
  fixedLabel: null,
};
const LIGUE = { code: 'L01', name: 'Ligue Auvergne' };
const COMITE = { code: 'C063', name: 'Comité du Puy-de-Dôme' };

const movement = (over: Partial<ShareMovementForEntry> = {}): ShareMovementForEntry => ({
  movementId: 7,
  fluxId: 42,
  pieceRef: '2027-FFME-42',
  day: '2026-10-02',
  ligueCents: 800,
  comiteCents: 350,
  ligue: LIGUE,
  comite: COMITE,
  ...over,
});

const sides = (lines: { account: string; auxAccount: string; debitCents: number; creditCents: number }[]) =>
  lines.map((l) => [l.account, l.auxAccount, l.debitCents, l.creditCents]);

describe('R-PAY-10: the books of the levels’ shares and their payouts', () => {
  it('R-PAY-10: a share movement debits the sale’s revenue account and credits 467 per payee, in OD on its day', () => {
    const entry = buildShareMovementEntry(movement(), REVENUE, DEBT)!;
    expect(entry).toMatchObject({ journal: 'OD', date: '2026-10-02', pieceDate: '2026-10-02', fluxId: 42 });
    expect(entry.pieceRef).toBe('2027-FFME-42');
    expect(sides(entry.lines)).toEqual([
      ['706100', '', 1_150, 0],
      ['467000', '467L01', 0, 800],
      ['467000', '467C063', 0, 350],
    ]);
    expect(entry.lines[0]!.section).toBe('LIC');
    expect(entry.lines[1]!.auxLabel).toBe('Ligue Auvergne');
    const totals = entryTotals(entry);
    expect(totals.debitCents).toBe(totals.creditCents);
  });

  it('R-PAY-10: a negative movement (a return, an avoir) books the same lines reversed; a level without a share has no line', () => {
    const entry = buildShareMovementEntry(movement({ ligueCents: -800, comiteCents: 0 }), REVENUE, DEBT)!;
    expect(sides(entry.lines)).toEqual([
      ['706100', '', 0, 800],
      ['467000', '467L01', 800, 0],
    ]);
  });

  it('R-PAY-10: a movement of the kept money only books nothing; a share without a payee is refused', () => {
    expect(buildShareMovementEntry(movement({ ligueCents: 0, comiteCents: 0 }), REVENUE, DEBT)).toBeNull();
    expect(() => buildShareMovementEntry(movement({ comite: null }), REVENUE, DEBT)).toThrow(/sans bénéficiaire/);
  });

  it('R-PAY-10: the payee’s auxiliary account follows the debt account set in Paramétrages comptables', () => {
    expect(sharePayeeAccount({ account: '467800', label: 'Dettes' }, LIGUE).account).toBe('467L01');
    expect(sharePayeeAccount({ account: '451000', label: 'Groupe' }, { code: null, name: 'X' }).account).toBe('451');
  });

  it('R-PAY-10: a share transfer debits the payee’s 467 account against 512 in BQ on the execution day', () => {
    const entry = buildPayoutTransferEntry(
      {
        transferId: 3,
        nature: 'quote_part',
        amountCents: 1_150,
        reference: 'REV-9-12',
        executionDay: '2026-12-01',
        payee: LIGUE,
      },
      DEBT,
      RULE,
      BANK,
    );
    expect(entry).toMatchObject({ journal: 'BQ', date: '2026-12-01', pieceRef: 'REV-9-12', fluxId: null });
    expect(sides(entry.lines)).toEqual([
      ['467000', '467L01', 1_150, 0],
      ['512000', '', 0, 1_150],
    ]);
  });

  it('R-PAY-10: a refund transfer debits the club’s 411 account against 512', () => {
    const entry = buildPayoutTransferEntry(
      {
        transferId: 4,
        nature: 'remboursement',
        amountCents: 2_550,
        reference: 'RBT-9-30',
        executionDay: '2026-12-01',
        payee: { code: '063001', name: 'Club Démo' },
      },
      DEBT,
      RULE,
      BANK,
    );
    expect(sides(entry.lines)).toEqual([
      ['411000', '411063001', 2_550, 0],
      ['512000', '', 0, 2_550],
    ]);
    expect(entry.label).toBe('Remboursement Club Démo');
  });

  it('R-PAY-10: the debt account is a class-4 account; left out, it keeps what is set', () => {
    const base = {
      CompteCollectif: '411000',
      TiersPrefixe: '411',
      TiersCompteFixe: null,
      TiersLibelleFixe: null,
      SIREN: null,
    };
    expect(parametresInputSchema.safeParse(base).success).toBe(true);
    expect(parametresInputSchema.parse({ ...base, CompteQuotesParts: ' 467100 ' }).CompteQuotesParts).toBe('467100');
    for (const CompteQuotesParts of ['706000', '4', '467-1', '']) {
      const parsed = parametresInputSchema.safeParse({ ...base, CompteQuotesParts });
      expect(parsed.success, CompteQuotesParts).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/classe 4/);
    }
    expect(parametresInputSchema.safeParse({ ...base, LibelleQuotesParts: '' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ibanBank, identifierProblem, isWellFormedBic, SEPA_MAX_AMOUNT_CENTS } from './epc-rules';
import type { Pain008Input, SepaDirectDebit } from './pain008-types';
import { debtorProblem, pain008FileProblems, transactionProblem } from './sepa-preflight';

const COLLECTION = '2026-11-27';

const debit: SepaDirectDebit = {
  endToEndId: 'GDF-7-101',
  amountCents: 12_345,
  mandateReference: 'FFME-C001-42',
  mandateSignedOn: '2024-09-12',
  debtorName: 'Club Alpin Besançon',
  debtorIban: 'FR76 3000 6000 0112 3456 7890 189',
  debtorBic: 'BNPAFRPP',
  debtorAddress: { street: '3 rue de l’Église', postCode: '25000', town: 'Besançon', country: 'FR' },
  remittance: 'Licences',
};

const problem = (change: Partial<SepaDirectDebit>) => transactionProblem({ ...debit, ...change }, COLLECTION);

describe('EPC SDD Core pre-flight rules, per transaction', () => {
  it('accepts a complete debtor', () => {
    expect(problem({})).toBeNull();
  });

  it('ISO 20022 Nm is at least 1 character: a holder of three spaces or only emoji is excluded', () => {
    expect(problem({ debtorName: '   ' })?.code).toBe('nom_vide');
    expect(problem({ debtorName: '🧗‍♀️🏔️' })?.code).toBe('nom_vide');
    expect(problem({ debtorName: 'É' })).toBeNull();
  });

  it('TwnNm is at least 1 character once transliterated to the EPC Latin set: an emoji town is excluded', () => {
    const excluded = problem({ debtorAddress: { ...debit.debtorAddress, town: '🏔️' } });
    expect(excluded?.code).toBe('ville_vide');
    expect(excluded?.motif).toContain('Ville vide');
    expect(problem({ debtorAddress: { ...debit.debtorAddress, town: '' } })?.code).toBe('adresse_incomplete');
    expect(problem({ debtorAddress: { ...debit.debtorAddress, country: 'France' } })?.code).toBe('adresse_incomplete');
  });

  it('SDD Core rulebook reachability (EPC409-09 scope): a valid Turkish IBAN is refused as outside SEPA', () => {
    expect(problem({ debtorIban: 'TR330006100519786457841326' })).toEqual({
      code: 'iban_hors_sepa',
      motif: 'IBAN hors zone SEPA (TR)',
    });
    // EEA, CH, GB, MC, SM, VA, AD are in the scheme.
    for (const iban of [
      'DE89370400440532013000',
      'CH9300762011623852957',
      'GB29NWBK60161331926819',
      'MC5811222000010123456789030',
      'SM86U0322509800000000270100',
      'VA59001123000012345678',
      'AD1200012030200359100100',
      'NO9386011117947',
    ]) {
      expect(problem({ debtorIban: iban, debtorBic: 'DEUTDEFF' }), iban).toBeNull();
    }
    expect(problem({ debtorIban: 'FR7630006000011234567890188' })?.code).toBe('iban_invalide');
  });

  it('EPC SDD Core implementation guidelines AT-D002: the BIC is mandatory for an account outside the EEA', () => {
    expect(problem({ debtorIban: 'CH9300762011623852957', debtorBic: null })).toEqual({
      code: 'bic_obligatoire',
      motif: 'BIC obligatoire pour un compte hors de l’EEE (CH)',
    });
    expect(problem({ debtorIban: 'GB29NWBK60161331926819', debtorBic: '' })?.code).toBe('bic_obligatoire');
    expect(problem({ debtorIban: 'GB29NWBK60161331926819', debtorBic: 'NWBKGB2L' })).toBeNull();
    expect(problem({ debtorIban: 'NO9386011117947', debtorBic: null })).toBeNull();
  });

  it('ISO 9362 BIC: 8 or 11 characters; none at all is fine (IBAN-only)', () => {
    expect(problem({ debtorBic: null })).toBeNull();
    expect(problem({ debtorBic: 'bnpa frpp xxx' })).toBeNull();
    expect(problem({ debtorBic: 'BNPAFRP' })?.code).toBe('bic_invalide');
    expect(problem({ debtorBic: 'BNPAFRPPXX' })?.code).toBe('bic_invalide');
    expect(isWellFormedBic('DEUTDEFF500')).toBe(true);
    expect(isWellFormedBic('DEUT1EFF')).toBe(false);
  });

  it('EPC IG 1.4 identifiers: the RUM has no leading, trailing or double "/", at most 35 Latin characters', () => {
    const excluded = problem({ mandateReference: '/RUM//13/' });
    expect(excluded?.code).toBe('rum_invalide');
    expect(excluded?.motif).toContain('/RUM//13/');
    expect(identifierProblem('RUM/13/')).toBe('barre_bord');
    expect(identifierProblem('RUM//13')).toBe('double_barre');
    expect(identifierProblem('RUM-é')).toBe('caractere');
    expect(identifierProblem('R'.repeat(36))).toBe('trop_long');
    expect(identifierProblem('FFME/C001/42')).toBeNull();
  });

  it('SDD Core rulebook (AT-25): the mandate must be signed on or before the collection date', () => {
    expect(problem({ mandateSignedOn: COLLECTION })).toBeNull();
    const excluded = problem({ mandateSignedOn: '2026-11-28' });
    expect(excluded?.code).toBe('mandat_posterieur');
    expect(excluded?.motif).toContain('signé le 28/11/2026, échéance le 27/11/2026');
    expect(problem({ mandateSignedOn: '2026-02-30' })?.code).toBe('sans_date_signature');
  });

  it('EPC IG amount: at least 0.01 EUR and at most 999999999.99 EUR', () => {
    expect(problem({ amountCents: 0 })?.code).toBe('montant_invalide');
    expect(problem({ amountCents: -5 })?.code).toBe('montant_invalide');
    expect(problem({ amountCents: SEPA_MAX_AMOUNT_CENTS })).toBeNull();
    expect(problem({ amountCents: SEPA_MAX_AMOUNT_CENTS + 1 })?.code).toBe('montant_invalide');
    expect(problem({ amountCents: 1.5 })?.code).toBe('montant_invalide');
  });

  it('EndToEndId is an EPC identifier (Max35Text)', () => {
    expect(problem({ endToEndId: 'E'.repeat(36) })?.code).toBe('reference_invalide');
  });

  it('debtorProblem needs no flux: the preview runs the same rules', () => {
    expect(debtorProblem({ ...debit, debtorIban: 'TR330006100519786457841326' }, COLLECTION)?.code).toBe(
      'iban_hors_sepa',
    );
  });

  it('tells a change of bank from a change of account at the same bank (IBAN registry bank identifier)', () => {
    expect(ibanBank('FR7630006000011234567890189')).toBe(ibanBank('FR76 3000 6000 0198 7654 3210 076'));
    expect(ibanBank('FR7630006000011234567890189')).not.toBe(ibanBank('FR7630004000031234567890143'));
    expect(ibanBank('DE89370400440532013000')).toBe('DE:37040044');
  });
});

describe('pain.008 file-level rules (NbOfTxs, CtrlSum, identifiers, creditor)', () => {
  const file: Pain008Input = {
    version: 'pain.008.001.08',
    messageId: 'GDF-SEPA-7',
    paymentInfoId: 'GDF-SEPA-7-1',
    createdAt: new Date('2026-11-21T10:00:00Z'),
    requestedCollectionDate: COLLECTION,
    sequenceType: 'RCUR',
    creditor: {
      name: 'FFME',
      iban: 'FR7630004000031234567890143',
      bic: null,
      ics: 'FR72ZZZ123456',
      address: { town: 'Paris', country: 'FR' },
    },
    transactions: [debit],
  };

  it('accepts a valid file', () => {
    expect(pain008FileProblems(file)).toEqual([]);
  });

  it('refuses an empty file and duplicate EndToEndIds', () => {
    expect(pain008FileProblems({ ...file, transactions: [] })).toEqual(['Aucune transaction à prélever.']);
    expect(pain008FileProblems({ ...file, transactions: [debit, debit] })).toEqual([
      'EndToEndId en double : GDF-7-101.',
    ]);
  });

  it('refuses a non-SEPA creditor account, a bad ICS, a blank creditor name and a bad MsgId', () => {
    const problems = pain008FileProblems({
      ...file,
      messageId: 'GDF//7',
      creditor: { ...file.creditor, name: ' ★ ', iban: 'TR330006100519786457841326', ics: 'FR00ZZZ123456' },
    });
    expect(problems).toEqual([
      'Identifiant du message (MsgId) non conforme : « // » interdit.',
      'Nom du créancier vide une fois converti en caractères SEPA.',
      'IBAN du créancier hors zone SEPA (TR).',
      'Identifiant créancier SEPA (ICS) invalide.',
    ]);
  });
});

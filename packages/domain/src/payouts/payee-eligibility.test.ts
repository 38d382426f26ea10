import { describe, expect, it } from 'vitest';
import {
  PAYOUT_EXCLUSION_LABELS,
  pain001Bic,
  payeeAccountExclusion,
  payeeExclusion,
  payoutExclusionMotif,
  type Payee,
} from './payee-eligibility';

const valid: Payee = {
  name: 'Ligue Auvergne-Rhône-Alpes',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: null,
  town: 'Lyon',
  country: 'FR',
  blocked: false,
  dueCents: 12_345,
};

describe('R-PAY-06: payee eligibility of a payout file', () => {
  it('accepts a structure with something due, a SEPA IBAN, a town and a country', () => {
    expect(payeeExclusion(valid)).toBeNull();
    expect(payeeExclusion({ ...valid, iban: 'CH9300762011623852957', bic: 'UBSWCHZH80A', country: 'CH' })).toBeNull();
  });

  it.each([
    [{ blocked: true }, 'structure_bloquee', 'Structure bloquée'],
    [{ dueCents: 0 }, 'rien_a_verser', 'Rien à verser'],
    [{ dueCents: -500 }, 'rien_a_verser', 'Rien à verser'],
    [{ iban: null }, 'sans_rib', 'Pas de RIB valide'],
    [{ iban: '   ' }, 'sans_rib', 'Pas de RIB valide'],
    [{ iban: 'FR7630006000011234567890188' }, 'sans_rib', 'Pas de RIB valide'], // wrong check digits
    [{ iban: 'not an iban' }, 'sans_rib', 'Pas de RIB valide'],
    [{ iban: 'tr33 0006 1005 1978 6457 8413 26' }, 'iban_hors_sepa', 'IBAN hors zone SEPA (TR)'],
    // SEPA, outside the EEA: the EPC wants the BIC.
    [{ iban: 'CH9300762011623852957' }, 'bic_obligatoire', 'BIC obligatoire pour un compte hors de l’EEE (CH)'],
    [
      { iban: 'GB29NWBK60161331926819', bic: 'NOT A BIC' },
      'bic_obligatoire',
      'BIC obligatoire pour un compte hors de l’EEE (GB)',
    ],
    [{ town: null }, 'adresse_incomplete', 'Adresse postale incomplète (ville et pays nécessaires)'],
    [{ town: '  ' }, 'adresse_incomplete', 'Adresse postale incomplète (ville et pays nécessaires)'],
    // Nothing left once transliterated (TwnNm needs one character).
    [{ town: '🏔️' }, 'adresse_incomplete', 'Adresse postale incomplète (ville et pays nécessaires)'],
    [{ country: null }, 'adresse_incomplete', 'Adresse postale incomplète (ville et pays nécessaires)'],
    [{ country: 'fr' }, 'adresse_incomplete', 'Adresse postale incomplète (ville et pays nécessaires)'],
    [{ country: 'FRA' }, 'adresse_incomplete', 'Adresse postale incomplète (ville et pays nécessaires)'],
    [{ name: '' }, 'nom_non_transmissible', 'Nom du titulaire non transmissible en caractères SEPA'],
    [{ name: '🧗‍♀️ 🏔️' }, 'nom_non_transmissible', 'Nom du titulaire non transmissible en caractères SEPA'],
    [{ name: 'الرياض' }, 'nom_non_transmissible', 'Nom du titulaire non transmissible en caractères SEPA'],
    [{ name: '\u200b\u202e' }, 'nom_non_transmissible', 'Nom du titulaire non transmissible en caractères SEPA'],
  ] as const)('leaves out %o as %s: « %s »', (change, code, motif) => {
    const payee = { ...valid, ...change };
    expect(payeeExclusion(payee)).toBe(code);
    expect(payoutExclusionMotif(code, payee)).toBe(motif);
  });

  it('gives the first reason: blocked, then nothing due, then the account, the address and the name', () => {
    expect(payeeExclusion({ ...valid, blocked: true, dueCents: 0, iban: null })).toBe('structure_bloquee');
    expect(payeeExclusion({ ...valid, dueCents: 0, iban: null })).toBe('rien_a_verser');
    expect(payeeExclusion({ ...valid, iban: null, town: null })).toBe('sans_rib');
    expect(payeeExclusion({ ...valid, town: null, name: '' })).toBe('adresse_incomplete');
  });

  it('EPC SCT: outside the EEA, a BIC the version’s schema can carry (the 2009 BICIdentifier is stricter)', () => {
    const swiss = { ...valid, iban: 'CH9300762011623852957', bic: 'UBSWCH1Z' };
    expect(payeeExclusion(swiss)).toBeNull();
    expect(payeeExclusion(swiss, 'pain.001.001.09')).toBeNull();
    expect(payeeExclusion(swiss, 'pain.001.001.03')).toBe('bic_obligatoire');
    expect(payeeExclusion({ ...swiss, bic: 'UBSWCHZH80A' }, 'pain.001.001.03')).toBeNull();
    // Within the EEA the BIC is optional: a BIC the 2009 schema cannot carry is left out of the file.
    expect(payeeExclusion({ ...valid, bic: 'BNPAFR1P' }, 'pain.001.001.03')).toBeNull();
    expect(pain001Bic('bnpa frpp', 'pain.001.001.03')).toBe('BNPAFRPP');
    expect(pain001Bic('BNPAFR1P', 'pain.001.001.03')).toBeNull();
  });

  it('checks the account alone for a file (payeeAccountExclusion): amount and block are the caller’s', () => {
    expect(payeeAccountExclusion(valid)).toBeNull();
    expect(payeeAccountExclusion({ ...valid, iban: 'TR330006100519786457841326' })).toBe('iban_hors_sepa');
  });

  it('keeps accented and typographic names: they transliterate', () => {
    expect(payeeExclusion({ ...valid, name: 'Comité « Œuvre » d’Île-de-France', town: 'Besançon' })).toBeNull();
  });

  it('labels every reason in French, with typographic apostrophes', () => {
    expect(Object.keys(PAYOUT_EXCLUSION_LABELS)).toHaveLength(7);
    for (const label of Object.values(PAYOUT_EXCLUSION_LABELS)) expect(label).not.toContain("'");
  });
});

import { invalidRequestMessage, type ValidationIssue } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, formErrorText } from './api-client';

const bad = (message: string) => new ApiError(400, message, { message });
/** A 400 of the server's input validation: the fields in `issues`, the same text in `message`. */
const invalid = (...issues: ValidationIssue[]) => {
  const message = invalidRequestMessage(issues);
  return new ApiError(400, message, { message, issues });
};

describe('formErrorText: server messages as a form shows them', () => {
  it('drops the field path where the message names the field already', () => {
    expect(
      formErrorText(
        invalid({
          path: 'Numero',
          message: 'Numéro de compte invalide : une classe de 1 à 7 puis 2 à 12 chiffres ou lettres',
        }),
        'x',
        { Numero: 'Numéro de compte' },
      ),
    ).toBe('Numéro de compte invalide : une classe de 1 à 7 puis 2 à 12 chiffres ou lettres');
  });

  it('puts the field label in place of the path otherwise, for every issue', () => {
    expect(
      formErrorText(
        invalid(
          { path: 'from', message: 'Date invalide (AAAA-MM-JJ attendu)' },
          { path: 'to', message: 'Date invalide (AAAA-MM-JJ attendu)' },
        ),
        'x',
        { from: 'Du', to: 'Au' },
      ),
    ).toBe('Du : Date invalide (AAAA-MM-JJ attendu) ; Au : Date invalide (AAAA-MM-JJ attendu)');
  });

  it('keeps other messages, and falls back without a server message', () => {
    expect(formErrorText(bad('Ce numéro de compte existe déjà.'), 'x')).toBe('Ce numéro de compte existe déjà.');
    expect(formErrorText(bad('Requête invalide : un seul fichier est attendu.'), 'x')).toBe(
      'Un seul fichier est attendu.',
    );
    expect(formErrorText(new Error('réseau'), 'Oups')).toBe('Oups');
    expect(formErrorText(new ApiError(500, undefined, null), 'Oups')).toBe('Oups');
  });

  it('reads the fields from the body, not from the text', () => {
    const error = invalid({ path: 'lignes.0.Montant', message: 'montant invalide' });
    expect(error.issues).toEqual([{ path: 'lignes.0.Montant', message: 'montant invalide' }]);
    expect(formErrorText(error, 'x', { 'lignes.0.Montant': 'Montant' })).toBe('Montant : montant invalide');
    // Malformed issues are ignored: the message is shown as it is.
    expect(new ApiError(400, 'Requête invalide : x', { issues: [{ path: 1 }] }).issues).toEqual([]);
  });
});

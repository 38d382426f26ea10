import { describe, expect, it } from 'vitest';
import { rowToValues, toPayload, type SettingsField } from './settings-form';

const FIELDS: SettingsField[] = [
  { key: 'ID_CategoryFlux', label: 'Catégorie', numeric: true, nullable: true },
  { key: 'CompteNumero', label: 'Compte', upperCase: true },
  { key: 'CodeSection', label: 'Section', nullable: true },
];

describe('settings form', () => {
  it('sends numbers, nulls for empty optional fields, upper-cased codes', () => {
    expect(toPayload(FIELDS, { ID_CategoryFlux: '3', CompteNumero: ' 756200 ', CodeSection: '' })).toEqual({
      ID_CategoryFlux: 3,
      CompteNumero: '756200',
      CodeSection: null,
    });
    expect(toPayload(FIELDS, { ID_CategoryFlux: '', CompteNumero: '401ffme', CodeSection: 'LIC' }).CompteNumero).toBe(
      '401FFME',
    );
  });

  it('fills the form from a row, nulls as empty text', () => {
    expect(rowToValues(FIELDS, { ID_CategoryFlux: 1, CompteNumero: '756100', CodeSection: null })).toEqual({
      ID_CategoryFlux: '1',
      CompteNumero: '756100',
      CodeSection: '',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { fitLabelSx } from './label-width';

describe('fitLabelSx (R-UI-14: Paramétrages labels never cut)', () => {
  it('widens a field to its label, never below the minimum nor past its container', () => {
    expect(fitLabelSx('Tarif (plus fin que la catégorie)')).toEqual({
      minWidth: 160,
      width: 'max(160px, calc(33ch + 56px))',
      maxWidth: '100%',
    });
    expect(fitLabelSx('Compte', 120).width).toBe('max(120px, calc(6ch + 56px))');
  });
});

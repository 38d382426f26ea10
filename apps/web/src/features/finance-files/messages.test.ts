import { describe, expect, it } from 'vitest';
import { sageExportMessages, sepaMessages, sepaReturnMessages } from './messages';

describe('finance files: counts agreed in French (R-UI-19)', () => {
  it('takes the singular for 0 and 1 and the plural from 2 on', () => {
    expect(sepaReturnMessages.ignored(1)).toBe('1 autre transaction sans rejet (acceptée ou en attente) : ignorée.');
    expect(sepaReturnMessages.ignored(3)).toBe(
      '3 autres transactions sans rejet (acceptées ou en attente) : ignorées.',
    );
    expect(sepaMessages.matching(0, 12)).toBe('0 structure sur 12');
    expect(sepaMessages.matching(2, 12)).toBe('2 structures sur 12');
    expect(sepaMessages.generatedWithExclusions('f.xml', 1)).toContain('1 structure laissée hors du fichier');
    expect(sepaReturnMessages.relaunchDone(1, 2)).toBe('1 prélèvement relancé ; 2 l’étaient déjà.');
    expect(sepaReturnMessages.confirmAnomalies(1)).toBe('Appliquer aussi ce retour en anomalie');
  });

  it('says what a flux without accounts lacks without an anglicism', () => {
    expect(sageExportMessages.unmappedTitle(1)).toBe(
      '1 flux sans paramétrage comptable : il n’est pas exporté tant que sa catégorie n’a pas de compte associé.',
    );
    expect(sageExportMessages.unmappedMore(1)).toBe('… et 1 autre.');
  });
});

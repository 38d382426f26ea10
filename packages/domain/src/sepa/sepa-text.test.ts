import { describe, expect, it } from 'vitest';
import { escapeSepaXml, sepaField, toSepaText } from './sepa-text';

describe('SEPA character set', () => {
  it('transliterates French accents and ligatures', () => {
    expect(toSepaText('Comité Œuvre Française de l’Hérault')).toBe("Comite OEuvre Francaise de l'Herault");
    expect(toSepaText('cœur à Besançon, où ÿ â ê î ô û ë ï')).toBe('coeur a Besancon, ou y a e i o u e i');
  });

  it('turns characters outside the set into spaces and collapses them', () => {
    expect(toSepaText('Club @ Escalade #1  *  €')).toBe('Club Escalade 1');
    expect(toSepaText('Grimpe & Montagne')).toBe('Grimpe + Montagne');
    expect(toSepaText('ligne\nsuivante\t')).toBe('ligne suivante');
  });

  it('cuts a field to its maximum length', () => {
    expect(sepaField('é'.repeat(200), 140)).toHaveLength(140);
  });

  it('escapes the five XML special characters', () => {
    expect(escapeSepaXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });
});

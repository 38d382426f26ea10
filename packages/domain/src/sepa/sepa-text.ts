import { stripHiddenCharacters } from '@gdf/file-formats';
import { escapeXml } from '../xml/escape-xml';

/**
 * SEPA files may only carry the EPC basic Latin set (a-z A-Z 0-9 / - ? : ( ) . , ' + and
 * space): banks reject or garble anything else, so French text is transliterated first.
 */
const SPECIAL_LETTERS: Record<string, string> = {
  œ: 'oe',
  Œ: 'OE',
  æ: 'ae',
  Æ: 'AE',
  ß: 'ss',
  ø: 'o',
  Ø: 'O',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ł: 'l',
  Ł: 'L',
  '&': '+',
  '’': "'",
  '‘': "'",
  '«': '',
  '»': '',
  '–': '-',
  '—': '-',
};
const OUTSIDE_SEPA_SET = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/** é->e, ç->c, œ->oe...; other characters become spaces; runs of spaces collapse. */
export function toSepaText(text: string): string {
  // Hidden characters (R-SEC-17) are dropped, not made spaces: 'Du\u200Bpont' stays 'Dupont'.
  const replaced = Array.from(stripHiddenCharacters(text), (char) => SPECIAL_LETTERS[char] ?? char).join('');
  return replaced
    .normalize('NFD')
    .replace(/\p{M}/gu, '') // the accents split off by NFD
    .replace(OUTSIDE_SEPA_SET, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Transliterated, then cut to the field's maximum length (ISO 20022 MaxNText). */
export function sepaField(text: string, maxLength: number): string {
  return toSepaText(text).slice(0, maxLength).trim();
}

/** SEPA text is already transliterated to the SEPA set; escaping is XML's own. */
export const escapeSepaXml = escapeXml;

/**
 * Names as a bank writes them against names as we store them (R-BANK-09): 'ASS. SPORTIVE
 * A.S.P.T.T. LYON-MONTAGNE' and 'ASPTT Lyon montagne' are the same structure. Pure text rules,
 * no I/O.
 */

/**
 * Words that never tell one structure from another: legal forms, the words every association
 * carries ('ASSOCIATION', 'CLUB', 'SPORTIF'...), articles and prepositions, civilities a bank
 * puts before a person's name. Abbreviations that do (ASPTT, AS, CAF, MJC) are kept.
 */
export const PAYER_NAME_FILLER_WORDS: ReadonlySet<string> = new Set([
  // Legal forms.
  'SARL', 'SAS', 'SASU', 'SA', 'EURL', 'SCI', 'SCOP', 'SNC', 'GIE', 'EI', 'EIRL', 'LOI', '1901',
  // Words of every association.
  'ASSOCIATION', 'ASSOCIATIONS', 'ASSOC', 'ASSO', 'ASS', 'CLUB', 'CLUBS', 'SPORTIF', 'SPORTIVE', 'SPORTIFS',
  'SPORTIVES', 'SPORT', 'SPORTS', 'AMICALE',
  // Articles and prepositions.
  'LE', 'LA', 'LES', 'L', 'DE', 'DU', 'DES', 'D', 'ET', 'EN', 'A', 'AU', 'AUX', 'SUR', 'SOUS', 'POUR', 'PAR',
  // Civilities.
  'M', 'MR', 'MME', 'MLLE', 'MONSIEUR', 'MADAME', 'OU',
]); // prettier-ignore

/**
 * Words of a transfer's text that name no one: a licensee whose last name is one of them is
 * not recognised by it (a 'VIREMENT' in every label would otherwise name Mr Virement).
 */
const TRANSFER_WORDS: ReadonlySet<string> = new Set([
  'VIR', 'VIREMENT', 'SEPA', 'RECU', 'INST', 'PRLV', 'REGLEMENT', 'REG', 'PAIEMENT', 'FACTURE', 'FACT', 'FLUX',
  'LICENCE', 'LICENCES', 'LIC', 'COTISATION', 'COTISATIONS', 'ADHESION', 'AFFILIATION', 'ASSURANCE', 'SAISON',
  'ACOMPTE', 'SOLDE', 'REF', 'EUR', 'EUROS', 'N', 'NO', 'FFME', 'JEUNE', 'ADULTE', 'FAMILLE',
]); // prettier-ignore

/**
 * Upper case, accents and punctuation removed, split into words; dotted or spaced
 * abbreviations joined ('A.S.P.T.T.' and 'A S P T T' read 'ASPTT').
 */
export function normalizedWords(text: string): string[] {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/Œ/g, 'OE')
    .replace(/Æ/g, 'AE')
    // 'A.S.P.T.T.' -> 'ASPTT'
    .replace(
      /(?<![A-Z0-9])(?:[A-Z]\.){2,}(?:[A-Z](?![A-Z0-9]))?/g,
      (abbreviation) => ` ${abbreviation.replace(/\./g, '')} `,
    );
  const words = plain.split(/[^A-Z0-9]+/).filter((word) => word !== '');
  // 'A S P T T' -> 'ASPTT': three single letters in a row or more are one abbreviation.
  const joined: string[] = [];
  let letters: string[] = [];
  const flush = () => {
    if (letters.length >= 3) joined.push(letters.join(''));
    else joined.push(...letters);
    letters = [];
  };
  for (const word of words) {
    if (word.length === 1 && /[A-Z]/.test(word)) letters.push(word);
    else {
      flush();
      joined.push(word);
    }
  }
  flush();
  return joined;
}

/** R-BANK-09: the words of a structure's or payer's name that tell it apart (fillers left out). */
export function payerNameTokens(name: string): string[] {
  return [...new Set(normalizedWords(name).filter((word) => !PAYER_NAME_FILLER_WORDS.has(word)))];
}

/** The words of a person's name that can name them in a transfer's text. */
export function personNameTokens(name: string): string[] {
  return payerNameTokens(name).filter((word) => word.length >= 2 && !TRANSFER_WORDS.has(word) && !/^\d+$/.test(word));
}

/** Structure names indexed by their words, built once for a batch of entries. */
export interface StructureNameIndex {
  names: ReadonlyMap<number, string>;
  tokens: ReadonlyMap<number, readonly string[]>;
  byToken: ReadonlyMap<string, readonly number[]>;
}

export function structureNameIndex(structures: readonly { id: number; name: string }[]): StructureNameIndex {
  const names = new Map<number, string>();
  const tokens = new Map<number, string[]>();
  const byToken = new Map<string, number[]>();
  for (const { id, name } of structures) {
    names.set(id, name);
    const words = payerNameTokens(name);
    tokens.set(id, words);
    for (const word of words) {
      const list = byToken.get(word);
      if (list) list.push(id);
      else byToken.set(word, [id]);
    }
  }
  return { names, tokens, byToken };
}

/** The share of words two names have in common (Jaccard: common / all distinct). */
export function nameSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const other = new Set(b);
  const common = a.filter((word) => other.has(word)).length;
  return common / new Set([...a, ...b]).size;
}

/** Below this similarity a name designates no structure. */
export const NAME_MATCH_THRESHOLD = 0.5;

/**
 * R-BANK-09 (b): the structure a payer's name designates: the one whose name's words are the
 * most like the payer's (at least NAME_MATCH_THRESHOLD), and strictly more like them than
 * any other structure's; null when none or when two are as close ('LYON ESCALADE' between
 * 'Lyon Escalade' and 'Escalade club Lyon').
 */
export function structureOfName(payerName: string | null, index: StructureNameIndex): number | null {
  if (!payerName) return null;
  const words = payerNameTokens(payerName);
  if (words.length === 0) return null;
  const candidates = new Set<number>();
  for (const word of words) for (const id of index.byToken.get(word) ?? []) candidates.add(id);
  let best: { id: number; score: number } | null = null;
  let tied = false;
  for (const id of candidates) {
    const score = nameSimilarity(words, index.tokens.get(id) ?? []);
    if (best === null || score > best.score) {
      best = { id, score };
      tied = false;
    } else if (score === best.score) tied = true;
  }
  return best !== null && !tied && best.score >= NAME_MATCH_THRESHOLD ? best.id : null;
}

/** How the payer was identified, as the entry shows it: its IBAN, its name, its texts. */
export type PayerSource = 'iban' | 'nom' | 'reference';

/** R-BANK-09: the structure that paid an entry, and what identified it. */
export interface IdentifiedPayer {
  structureId: number;
  sources: PayerSource[];
}

/** The licensee of a flux, as a transfer's text may name them. */
export interface FluxLicensee {
  lastName: string;
  firstName: string;
  licence: number | null;
}

/**
 * R-BANK-09 (c): a transfer's words name a licensee when they hold every distinguishing word of
 * the licensee's last name ('LICENCE VINCENT' names Vincent Narcisse), or their licence number.
 */
export function namesLicensee(
  words: ReadonlySet<string>,
  licences: readonly number[],
  licensee: FluxLicensee,
): boolean {
  if (licensee.licence !== null && licences.includes(licensee.licence)) return true;
  const last = personNameTokens(licensee.lastName);
  return last.length > 0 && last.every((word) => words.has(word));
}

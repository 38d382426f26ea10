/**
 * Whether an error message reads as French (R-SEC-01, R-SEC-20): a small, honest heuristic,
 * checked against the messages the app really sends (french-message.test.ts). What a message
 * quotes (field names, patterns, the caller's own input) is set aside first; what is left must
 * hold no English word below and at least one French marker.
 */

/** English words that never begin or make up a French word on their own (word-bounded, any case). */
const ENGLISH_WORDS = (
  "the is are was were be been must should cannot can't not does doesn't has have with without only this " +
  'that which please and of for from into expected unexpected invalid required missing found unknown error ' +
  'request body field value values allowed provided unsupported forbidden denied failed too many empty string ' +
  'number integer object array boolean represent query syntax token property properties timeout internal ' +
  'server bad payload header headers pattern greater less than equal exceeded aborted reached character'
).split(' ');
const ENGLISH = new RegExp(`(^|[^\\p{L}'’])(${ENGLISH_WORDS.join('|')})(?=$|[^\\p{L}'’])`, 'iu');

/** French words common in the product's messages, or any accented letter French uses. */
const FRENCH_WORDS = (
  'de du des la le les un une est sont doit pas ne au aux en et ou pour sur avec sans par ce cette vous votre ' +
  'invalide attendu inconnu introuvable trop champ valeur structure fichier saison requis obligatoire manquant ' +
  'autorisé interdit refusé corps texte nombre entier authentification hors limite demande attend peut date ' +
  'inexistant identifiant exercice montant compte code journal relance lettre chiffre'
).split(' ');
/** A French word, also in the feminine and the plural (attendue, attendus, requises). */
const FRENCH = new RegExp(
  `[àâäçéèêëîïôöùûüÿœæ]|(^|[^\\p{L}])(${FRENCH_WORDS.join('|')})(e|s|es)?(?=$|[^\\p{L}])`,
  'iu',
);

/**
 * The message without what it quotes or names: "..." «...» '...' `...` {...}, /regex/, `$variable`,
 * identifiers (snake_case, camelCase, with digits or dots).
 */
function withoutQuotedParts(message: string): string {
  return message
    .replace(/"[^"]*"|«[^»]*»|“[^”]*”|`[^`]*`|\{[^{}]*\}/g, ' ')
    .replace(/(^|\s)'[^']*'(?=\s|$|[.,;:)])/g, ' ')
    .replace(/\/\^?[^\s/]*\$?\//g, ' ')
    .replace(/\$[\w]+/g, ' ')
    .replace(/\b[\w.]*(?:_|\d|[a-z][A-Z])[\w.]*\b/g, ' ');
}

/**
 * Also without the "path : " labels of invalidRequestMessage ("Requête invalide : from : Date
 * invalide"), field names that may be English words; French puts a space before the colon,
 * English does not ("character: U+0000" keeps its word).
 */
function withoutLabels(text: string): string {
  return text.replace(/[\p{L}\d_.[\]-]+(?=\s+:\s)/gu, ' ');
}

/** Why `message` is not an acceptable French error message, or null when it is. */
export function frenchMessageProblem(message: unknown): string | null {
  if (typeof message !== 'string') return 'pas de message';
  if (message.trim() === '') return 'message vide';
  const text = withoutQuotedParts(message);
  const english = ENGLISH.exec(withoutLabels(text));
  if (english) return `mot anglais « ${english[2]} »`;
  if (!FRENCH.test(text)) return 'aucun mot français';
  return null;
}

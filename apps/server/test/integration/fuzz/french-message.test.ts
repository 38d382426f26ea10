import { describe, expect, it } from 'vitest';
import { frenchMessageProblem } from './french-message';

/**
 * The route fuzzer's French check (R-SEC-20) against messages the app really sends, and the
 * English ones it sent before they were translated: it must tell them apart.
 */
const FRENCH = [
  'Authentification requise',
  'ids attendus',
  'date inexistante',
  'SIREN invalide : 9 chiffres',
  'Requête invalide : from : Date invalide (AAAA-MM-JJ attendu) ; to : La date de fin précède la date de début',
  'Requête invalide : structureIds : Entrée invalide : tableau attendu, indéfini reçu ; Clé non reconnue : "extra"',
  'Chaîne de caractères invalide : doit correspondre au motif /^x$/',
  'Corps JSON attendu : { query, variables, operationName }.',
  'Champs obligatoires manquants (flux) : MontantHT, MontantTTC, EST_Debit, ID_CategoryFlux, ID_Saison, ID_Structure.',
  'numeric hors limites.',
  'estimateOnly demande estimate: true.',
  'limit ne peut pas dépasser 100000.',
  "Requête trop coûteuse (coût estimé 1 565 787, au plus 400 000) : demandez moins de lignes (limit), moins de relations imbriquées ou moins d'alias.",
  'Erreur de syntaxe : nom attendu, fin du document trouvé.',
  '"Int" attend un entier de -2147483648 à 2147483647 : 9007199254740992 reçu.',
  'La variable "$id" (type "Int!") ne peut pas être null.',
  'Le champ "inconnu" n’existe pas dans le type "STR_Structure_bool_exp".',
  'Requête invalide : adresse mal formée.',
  'Contenu trop volumineux.',
  'Oups, une erreur est survenue...',
];

const ENGLISH = [
  'Requête invalide : Unsupported Media Type',
  "Requête invalide : Body cannot be empty when content-type is set to 'application/json'",
  "Requête invalide : Body is not valid JSON but content-type is set to 'application/json'",
  "'/api/flux/%FF/facture.pdf' is not a valid url component",
  'Int cannot represent non 32-bit signed integer value: 9223372036854776000',
  'Int cannot represent non-integer value: "2026-10-01T00:00:00+99:00"',
  'Boolean cannot represent a non boolean value: 1e+308',
  'Expected value of type "[STR_Structure_order_by!]", found 2147483647.',
  'Value "-Infinity" does not exist in "order_by" enum.',
  'Field "inconnu" is not defined by type "STR_Structure_bool_exp".',
  'Variable "$where" of type "numeric" used in position expecting type "STR_Structure_bool_exp".',
  'Variable "$id" of non-null type "Int!" must not be null.',
  'Syntax Error: Unexpected Name "z".',
  'Syntax Error: Invalid Unicode escape sequence: "\\ud800".',
  'Unknown type "Inconnu".',
  'Validation aborted.',
  'Erreur de syntaxe : character: U+0000 inattendu.',
  '"Boolean" attend un booléen (true ou false) : [[[Array]]] reçu.',
  'Bad Request',
  'Internal Server Error',
];

describe('the French check of refusal messages (R-SEC-20)', () => {
  it.each(FRENCH)('accepts %s', (message) => {
    expect(frenchMessageProblem(message)).toBeNull();
  });

  it.each(ENGLISH)('refuses %s', (message) => {
    expect(frenchMessageProblem(message)).not.toBeNull();
  });

  it('refuses a missing or empty message', () => {
    expect(frenchMessageProblem(undefined)).toBe('pas de message');
    expect(frenchMessageProblem('  ')).toBe('message vide');
  });
});

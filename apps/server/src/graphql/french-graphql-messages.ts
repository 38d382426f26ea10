import { apply, syntax, type Rule } from './french-graphql-syntax';

/**
 * graphql-js's own messages (syntax, validation, variable and scalar coercion) in French,
 * as lib/french-zod-messages.ts does for zod: every error a GraphQL caller reads is French
 * (R-SEC-01). Names, types and values keep their quotes; a message graphql-js may add later
 * and that no rule here knows becomes a generic French one rather than leaving in English.
 */

export const UNKNOWN_GRAPHQL_ERROR = 'Requête GraphQL invalide.';

/** " Did you mean "a", "b", or "c"?" */
function suggestions(rest = ''): string {
  const match = /Did you mean (?:the enum value |to use an inline fragment on )?(.*)\?\s*$/.exec(rest);
  if (!match) return '';
  return ` Vouliez-vous dire ${match[1]!.replace(/,? or /g, ' ou ')} ?`;
}

const DUPLICATE_NOUNS: Record<string, string> = {
  argument: 'un argument',
  directive: 'une directive',
  fragment: 'un fragment',
  'input field': 'un champ',
  operation: 'une opération',
  variable: 'une variable',
  type: 'un type',
};

const SCALAR_EXPECTATIONS: Record<string, string> = {
  Int: 'un entier',
  Float: 'un nombre',
  String: 'un texte',
  Boolean: 'un booléen (true ou false)',
  ID: 'un texte ou un entier',
};

const RULES: Rule[] = [
  [/^Syntax Error: ([\s\S]*)$/, (inner) => `Erreur de syntaxe : ${syntax(inner!)}`],
  // Variables and arguments (graphql-js prefixes the coercion error that follows "; ").
  [
    /^Variable "\$([^"]+)" got invalid value ([\s\S]*?)(?: at "([^"]+)")?; ([\s\S]*)$/,
    (name, value, at, inner) =>
      `La variable "$${name}" a une valeur invalide ${value}${at ? ` (en "${at}")` : ''} : ${frenchGraphqlMessage(inner!)}`,
  ],
  [
    /^Variable "\$([^"]+)" of required type "([^"]+)" was not provided\.$/,
    (name, type) => `La variable "$${name}" (type "${type}") est obligatoire.`,
  ],
  [
    /^Variable "\$([^"]+)" of non-null type "([^"]+)" must not be null\.$/,
    (name, type) => `La variable "$${name}" (type "${type}") ne peut pas être null.`,
  ],
  [
    /^Variable "\$([^"]+)" expected value of type "([^"]+)" which cannot be used as an input type\.$/,
    (name, type) => `La variable "$${name}" a le type "${type}", qui n’est pas un type d’entrée.`,
  ],
  [
    /^Variable "\$([^"]+)" cannot be non-input type "([^"]+)"\.$/,
    (name, type) => `La variable "$${name}" a le type "${type}", qui n’est pas un type d’entrée.`,
  ],
  [
    /^Variable "\$([^"]+)" of type "([^"]+)" used in position expecting type "([^"]+)"\.$/,
    (name, type, expected) =>
      `La variable "$${name}" de type "${type}" est utilisée là où le type "${expected}" est attendu.`,
  ],
  [
    /^Variable "\$([^"]+)" is of type "([^"]+)" but must be non-nullable to be used for OneOf Input Object "([^"]+)"\.$/,
    (name, type, input) => `La variable "$${name}" (type "${type}") doit être non nulle pour l’entrée "${input}".`,
  ],
  [
    /^Variable "\$([^"]+)" is not defined(?: by operation "([^"]+)")?\.$/,
    (name) => `La variable "$${name}" n’est pas déclarée.`,
  ],
  [
    /^Variable "\$([^"]+)" is never used(?: in operation "([^"]+)")?\.$/,
    (name) => `La variable "$${name}" n’est jamais utilisée.`,
  ],
  [
    /^Argument "([^"]+)" of required type "([^"]+)" was provided the variable "\$([^"]+)" which was not provided a runtime value\.$/,
    (name, type, variable) =>
      `L’argument "${name}" (type "${type}") reçoit la variable "$${variable}", qui n’a pas de valeur.`,
  ],
  [
    /^Argument "([^"]+)" of required type "([^"]+)" was not provided\.$/,
    (name, type) => `L’argument "${name}" (type "${type}") est obligatoire.`,
  ],
  [
    /^Argument "([^"]+)" of non-null type "([^"]+)" must not be null\.$/,
    (name, type) => `L’argument "${name}" (type "${type}") ne peut pas être null.`,
  ],
  [
    /^Argument "([^"]+)" has invalid value ([\s\S]*)\.$/,
    (name, value) => `L’argument "${name}" a une valeur invalide : ${value}.`,
  ],
  [
    /^Too many errors processing variables, error limit reached\. Execution aborted\.$/,
    () => 'Trop d’erreurs dans les variables : exécution interrompue.',
  ],
  // Values.
  [
    /^Expected value of type "([^"]+)", found ([\s\S]*?); ([\s\S]*)$/,
    (type, value, inner) => `Valeur de type "${type}" attendue, ${value} trouvé : ${frenchGraphqlMessage(inner!)}`,
  ],
  [
    /^Expected value of type "([^"]+)", found ([\s\S]*)\.$/,
    (type, value) => `Valeur de type "${type}" attendue, ${value} trouvé.`,
  ],
  [/^Expected non-nullable type "([^"]+)" not to be null\.$/, (type) => `Le type "${type}" n’accepte pas null.`],
  [/^Expected type "([^"]+)" to be an object\.$/, (type) => `Un objet de type "${type}" est attendu.`],
  [/^Expected type "([^"]+)"\.([\s\S]*)$/, (type, rest) => `Valeur de type "${type}" attendue.${suggestions(rest)}`],
  [
    /^Exactly one key must be specified for OneOf type "([^"]+)"\.$/,
    (type) => `L’entrée "${type}" demande exactement une clé.`,
  ],
  [
    /^OneOf Input Object "([^"]+)" must specify exactly one key\.$/,
    (type) => `L’entrée "${type}" demande exactement une clé.`,
  ],
  [/^Field "([^"]+)" must be non-null\.$/, (field) => `Le champ "${field}" ne peut pas être null.`],
  [
    /^Field "([^"]+)" of required type "([^"]+)" was not provided\.$/,
    (field, type) => `Le champ "${field}" (type "${type}") est obligatoire.`,
  ],
  [
    /^Field "([^"]+)" is not defined by type "([^"]+)"\.([\s\S]*)$/,
    (field, type, rest) => `Le champ "${field}" n’existe pas dans le type "${type}".${suggestions(rest)}`,
  ],
  [
    /^(Int|Float|String|Boolean|ID) cannot represent non 32-bit signed integer value: ([\s\S]*)$/,
    (_scalar, value) => `"Int" attend un entier de -2147483648 à 2147483647 : ${value} reçu.`,
  ],
  [
    /^(Int|Float|String|Boolean|ID) cannot represent (?:a )?non[- ][\w -]+ value: ([\s\S]*)$/,
    (scalar, value) => `"${scalar}" attend ${SCALAR_EXPECTATIONS[scalar!]} : ${value} reçu.`,
  ],
  [
    /^(Int|Float|String|Boolean|ID) cannot represent value: ([\s\S]*)$/,
    (scalar, value) => `"${scalar}" ne peut pas représenter ${value}.`,
  ],
  [
    /^Value "([\s\S]*)" does not exist in "([^"]+)" enum\.([\s\S]*)$/,
    (value, type, rest) => `La valeur "${value}" n’existe pas dans l’énumération "${type}".${suggestions(rest)}`,
  ],
  [
    /^Enum "([^"]+)" cannot represent non-(?:enum|string) value: ([\s\S]*)\.((?: Did you mean [\s\S]*)?)$/,
    (type, value, rest) => `L’énumération "${type}" n’accepte pas ${value}.${suggestions(rest)}`,
  ],
  [
    /^Enum "([^"]+)" cannot represent value: ([\s\S]*)$/,
    (type, value) => `L’énumération "${type}" n’accepte pas ${value}.`,
  ],
  // Documents.
  [
    /^Cannot query field "([^"]+)" on type "([^"]+)"\.([\s\S]*)$/,
    (field, type, rest) => `Le champ "${field}" n’existe pas sur le type "${type}".${suggestions(rest)}`,
  ],
  [
    /^Unknown argument "([^"]+)" on field "([^"]+)"\.([\s\S]*)$/,
    (name, field, rest) => `Argument "${name}" inconnu sur le champ "${field}".${suggestions(rest)}`,
  ],
  [
    /^Unknown argument "([^"]+)" on directive "([^"]+)"\.([\s\S]*)$/,
    (name, directive, rest) => `Argument "${name}" inconnu sur la directive "${directive}".${suggestions(rest)}`,
  ],
  [/^Unknown directive "([^"]+)"\.$/, (name) => `Directive "${name}" inconnue.`],
  [
    /^Directive "([^"]+)" may not be used on (\w+)\.$/,
    (name, place) => `La directive "${name}" n’est pas permise en "${place}".`,
  ],
  [/^Unknown fragment "([^"]+)"\.$/, (name) => `Fragment "${name}" inconnu.`],
  [/^Unknown type "([^"]+)"\.([\s\S]*)$/, (name, rest) => `Type "${name}" inconnu.${suggestions(rest)}`],
  [/^Unknown operation named "([^"]+)"\.$/, (name) => `Opération "${name}" introuvable.`],
  [
    /^Must provide operation name if query contains multiple operations\.$/,
    () => 'Précisez operationName : le document contient plusieurs opérations.',
  ],
  [/^Must provide an operation\.$/, () => 'Le document ne contient aucune opération.'],
  [
    /^This anonymous operation must be the only defined operation\.$/,
    () => 'Une opération anonyme doit être la seule du document.',
  ],
  [/^The ([\s\S]+) definition is not executable\.$/, (name) => `La définition "${name}" ne peut pas être exécutée.`],
  [
    /^Fragment (?:"([^"]+)" )?cannot condition on non composite type "([^"]+)"\.$/,
    (_name, type) => `Un fragment ne peut pas porter sur le type "${type}", qui n’est pas composé.`,
  ],
  [
    /^Fragment (?:"([^"]+)" )?cannot be spread here as objects of type "([^"]+)" can never be of type "([^"]+)"\.$/,
    (_name, parent, type) => `Fragment impossible ici : un objet de type "${parent}" n’est jamais de type "${type}".`,
  ],
  [/^Cannot spread fragment "([^"]+)" within itself[\s\S]*$/, (name) => `Le fragment "${name}" s’inclut lui-même.`],
  [/^Fragment "([^"]+)" is never used\.$/, (name) => `Le fragment "${name}" n’est jamais utilisé.`],
  [
    /^Fields "([^"]+)" conflict because [\s\S]*$/,
    (name) => `Les champs "${name}" sont en conflit : donnez-leur des alias différents.`,
  ],
  [
    /^Field "([^"]+)" argument "([^"]+)" of type "([^"]+)" is required, but it was not provided\.$/,
    (field, name, type) => `L’argument "${name}" (type "${type}") du champ "${field}" est obligatoire.`,
  ],
  [
    /^Directive "([^"]+)" argument "([^"]+)" of type "([^"]+)" is required, but it was not provided\.$/,
    (directive, name, type) => `L’argument "${name}" (type "${type}") de la directive "${directive}" est obligatoire.`,
  ],
  [
    /^Field "([^"]+)" must not have a selection since type "([^"]+)" has no subfields\.$/,
    (field, type) => `Le champ "${field}" ne prend pas de sélection : le type "${type}" n’a pas de sous-champ.`,
  ],
  [
    /^Field "([^"]+)" of type "([^"]+)" must have a selection of subfields\.[\s\S]*$/,
    (field, type) => `Le champ "${field}" (type "${type}") demande une sélection de sous-champs.`,
  ],
  [
    /^Field "([^"]+)" of type "([^"]+)" must have at least one field selected\.$/,
    (field, type) => `Le champ "${field}" (type "${type}") demande au moins un sous-champ.`,
  ],
  [
    /^There can be only one (argument|directive|fragment|input field|operation|variable|type) named "([^"]+)"\.$/,
    (noun, name) => `Nom en double : "${name}" désigne déjà ${DUPLICATE_NOUNS[noun!]}.`,
  ],
  [
    /^The directive "([^"]+)" can only be used once at this location\.$/,
    (name) => `La directive "${name}" ne peut servir qu’une fois à cet endroit.`,
  ],
  [
    /^(?:Anonymous Subscription|Subscription "([^"]+)") must (?:select only one top level field|not select an introspection top level field)\.$/,
    () => 'Les abonnements (subscription) ne sont pas pris en charge.',
  ],
  [
    /^Schema is not configured to execute (\w+) operation\.$/,
    (kind) => `Les opérations "${kind}" ne sont pas prises en charge.`,
  ],
  [/^Maximum introspection depth exceeded$/, () => 'Profondeur maximale d’introspection dépassée.'],
  [
    /^Too many validation errors, error limit reached\. Validation aborted\.$/,
    () => 'Trop d’erreurs de validation : validation interrompue.',
  ],
  [/^Validation aborted\.$/, () => 'Validation interrompue : document trop complexe.'],
];

/** The French text of a graphql-js message (already French ones, ours, are returned as they are). */
export function frenchGraphqlMessage(message: string): string {
  const french = apply(RULES, message);
  if (french === null) return GRAPHQL_JS_ENGLISH.test(message) ? UNKNOWN_GRAPHQL_ERROR : message;
  // graphql-js's inspect() abbreviates deep values: [[[Array]]], { a: [Object] }.
  return french
    .replace(/\[Array\]/g, '[liste]')
    .replace(/\[Object\]/g, '[objet]')
    .replace(/\[Circular\]/g, '[cycle]');
}

/** How a graphql-js message begins; the app's own messages (French) never do. */
const GRAPHQL_JS_ENGLISH =
  /^(Syntax Error|Variable "|Argument "|Expected |Field "|Fields "|Unknown |Cannot |Must |This |The |There |Fragment |Directive |Value "|Enum "|Int |Float |String |Boolean |ID |Too many |Schema |Subscription |Anonymous |Exactly |OneOf |Maximum |Abstract |Runtime |Support |GraphQL |Resolver )/;

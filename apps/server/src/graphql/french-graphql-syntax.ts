/** graphql-js's syntax errors in French (french-graphql-messages.ts, R-SEC-01). */
export type Rule = [RegExp, (...groups: string[]) => string];

/** "Name "x"", "<EOF>", "String "a"": the lexer's token descriptions. */
function token(description: string): string {
  return description
    .replace(/^<EOF>$/, 'fin du document')
    .replace(/^Name\b/, 'nom')
    .replace(/^BlockString\b/, 'bloc de texte')
    .replace(/^String\b/, 'texte')
    .replace(/^Int\b/, 'entier')
    .replace(/^Float\b/, 'nombre décimal')
    .replace(/^Comment\b/, 'commentaire');
}

const SYNTAX_RULES: Rule[] = [
  [
    /^Expected ([\s\S]+?), found ([\s\S]+)\.$/,
    (expected, found) => `${token(expected!)} attendu, ${token(found!)} trouvé.`,
  ],
  [/^Unterminated string\.$/, () => 'texte non terminé.'],
  [/^Invalid character within String: ([\s\S]+)\.$/, (what) => `caractère invalide dans un texte : ${what}.`],
  [/^Invalid character: ([\s\S]+)\.$/, (what) => `caractère invalide : ${what}.`],
  [/^Unexpected character: ([\s\S]+)\.$/, (what) => `caractère inattendu : ${what}.`],
  [
    /^Unexpected single quote character[\s\S]*$/,
    () => 'apostrophe inattendue : les textes s’écrivent entre guillemets droits (").',
  ],
  [/^Invalid Unicode escape sequence: ([\s\S]+)\.$/, (what) => `séquence d’échappement Unicode invalide : ${what}.`],
  [/^Invalid character escape sequence: ([\s\S]+)\.$/, (what) => `séquence d’échappement invalide : ${what}.`],
  [
    /^Invalid number, unexpected digit after 0: ([\s\S]+)\.$/,
    (what) => `nombre invalide, chiffre inattendu après 0 : ${what}.`,
  ],
  [
    /^Invalid number, expected digit but got: ([\s\S]+)\.$/,
    (what) => `nombre invalide, chiffre attendu au lieu de ${what}.`,
  ],
  [
    /^Document contains more th[ae]n (\d+) (?:tokens|comments)\. Parsing aborted\.$/,
    (count) => `document trop long (plus de ${count} éléments), lecture abandonnée.`,
  ],
  [
    /^Source contains more than (\d+) UTF-16 code units\. Parsing aborted\.$/,
    (count) => `document trop long (plus de ${count} caractères), lecture abandonnée.`,
  ],
  [
    /^Unexpected variable "\$([^"]+)" in constant value\.$/,
    (name) => `variable "$${name}" inattendue dans une valeur constante.`,
  ],
  [
    /^([\s\S]+) is reserved and cannot be used for an enum value\.$/,
    (what) => `${token(what!)} est réservé et ne peut pas servir de valeur d’énumération.`,
  ],
  [/^Unexpected description[\s\S]*$/, () => 'description inattendue.'],
  [/^Unexpected ([\s\S]+)\.$/, (what) => `${token(what!)} inattendu.`],
];

/** The French text of the first rule matching `message`, or null. */
export function apply(rules: readonly Rule[], message: string): string | null {
  for (const [pattern, french] of rules) {
    const match = pattern.exec(message);
    if (match) return french(...match.slice(1).map((group) => group ?? ''));
  }
  return null;
}

/** The French text of a lexer or parser error. */
export function syntax(message: string): string {
  return apply(SYNTAX_RULES, message) ?? 'document GraphQL illisible.';
}

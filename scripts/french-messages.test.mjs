import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['apps/web/src', 'apps/server/src', 'packages/domain/src'];

/**
 * The specification's literal texts that keep its straight apostrophe (R-PERM-01, R-PERM-02,
 * R-DOC-04): each must still be quoted, word for word, by the rules file.
 */
const SPECIFICATION_TEXTS = [
  "Vous n'avez pas les droits nécessaire pour accéder à ce module. Merci de contacter un administrateur.",
  "Vous n'avez pas accès à ce module.",
  "Cette structure n'est pas affiliée.",
  "Cette structure n'est pas affiliée sur la saison en cours.",
  "RELEVÉ D'OPÉRATION",
];

/** An apostrophe inside a word (l'exercice, aujourd'hui): French text typed with the straight one. */
const STRAIGHT_APOSTROPHE = /\p{L}'\p{L}/u;

/** Every messages file of the interface, the server and the domain (tests left out). */
function messageFiles() {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /(^|[/-])messages\.ts$/.test(file.split(path.sep).join('/')))
      .map((file) => path.join(folder, file).split(path.sep).join('/')),
  ).sort();
}

/** The texts of a source file: its string literals and the fixed parts of its templates. */
function literalTexts(file, source) {
  const texts = [];
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node))
      texts.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return texts;
}

/** The texts of `file` with a straight apostrophe that are not one of the specification's. */
export function straightApostrophes(file, source) {
  return literalTexts(file, source).filter(
    (text) => STRAIGHT_APOSTROPHE.test(text) && !SPECIFICATION_TEXTS.some((spec) => spec.includes(text.trim())),
  );
}

describe('French typography in the messages files (R-UI-19)', () => {
  it('finds the messages files of the three layers', () => {
    const files = messageFiles();
    for (const folder of FOLDERS) expect(files.some((file) => file.startsWith(folder))).toBe(true);
    expect(files).toContain('packages/domain/src/mail/mail-messages.ts');
  });

  it('flags a straight apostrophe, in templates too, but not a specification text', () => {
    const source = [
      'export const m = {',
      "  a: 'L’exercice est clos.',",
      "  b: 'L'exercice est clos.',".replace("L'", "L\\'"),
      "  c: (n: number) => `${n} pièces jusqu'au ${n}`,",
      `  d: "Vous n'avez pas accès à ce module.",`,
      "  e: 'key',",
      '};',
    ].join('\n');
    expect(straightApostrophes('x/messages.ts', source)).toEqual(["L'exercice est clos.", " pièces jusqu'au "]);
  });

  it('keeps the specification’s texts quoted word for word by the rules file', () => {
    const rules = readFileSync(path.join(ROOT, 'docs/product/rules.md'), 'utf8').replace(/\s+/g, ' ');
    for (const text of SPECIFICATION_TEXTS) expect(rules).toContain(text);
  });

  it('writes the typographic apostrophe (’) everywhere else', () => {
    const found = messageFiles().flatMap((file) =>
      straightApostrophes(file, readFileSync(path.join(ROOT, file), 'utf8')).map((text) => `${file}: ${text}`),
    );
    expect(found).toEqual([]);
  });
});

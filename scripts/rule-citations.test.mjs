import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkKind, definedRules, fileProblems, formatProblems, repositoryProblems } from './rule-citations.mjs';

// The forbidden citations are assembled here so this file does not cite anything itself.
const SPEC = ['SPEC', 'md'].join('.');
const DESIGN = ['DESIGN', 'md'].join('.');
const ISSUE = (n) => ['issue', n].join(' ');
const UNKNOWN_ID = ['R', 'NOPE', '99'].join('-');
const SHARED = ['..', 'shared', 'xsd'].join('/');

const RULES = ['# Rules', '- **R-FACT-01** The invoice number.', '- **R-SEARCH-03** Empty search refused.'].join('\n');
const { defined } = definedRules(RULES);
const reasons = (file, text) => fileProblems(file, text, defined).map((p) => `${p.line}: ${p.reason}`);

describe('rule citations (scripts/rule-citations.mjs)', () => {
  it('reads the ids the rules file defines, and those it defines twice', () => {
    expect([...defined]).toEqual(['R-FACT-01', 'R-SEARCH-03']);
    expect(definedRules(`${RULES}\n- **R-FACT-01** Again.`).duplicates).toEqual(['R-FACT-01']);
    // A mention in running text is a citation, not a definition.
    expect(definedRules('See R-FACT-02 for the number.').defined.size).toBe(0);
  });

  it('accepts a comment or a test name citing defined ids', () => {
    const code = [
      '// R-SEARCH-03: no search without a filter.',
      "it('numbers the invoice (R-FACT-01)', () => {});",
    ].join('\n');
    expect(reasons('packages/domain/src/x.test.ts', code)).toEqual([]);
  });

  it('flags a specification section, an issue number and an unknown id, with their line', () => {
    const code = [
      `// ${SPEC} section 5: text filters need 3 characters.`,
      `/** Frozen once issued (${DESIGN} section 9). */`,
      `describe('packs (${ISSUE(23)} item 3)', () => {});`,
      `// Issues ${'8'} and 18 asked for it.`,
      `// ${UNKNOWN_ID}: a rule nobody wrote.`,
    ].join('\n');
    expect(reasons('apps/server/src/x.ts', code)).toEqual([
      '1: cites a specification file: cite the rule id (docs/product/rules.md)',
      '2: cites a specification file: cite the rule id (docs/product/rules.md)',
      '3: cites an issue number: cite the rule id or say the rule in words',
      '4: cites an issue number: cite the rule id or say the rule in words',
      `5: cites ${UNKNOWN_ID}, which docs/product/rules.md does not define`,
    ]);
  });

  it('leaves history alone: migrations, decision records, measured results', () => {
    const text = `-- ${ISSUE(16)}: issued documents never change (${SPEC}, ${UNKNOWN_ID}).`;
    for (const file of ['apps/server/drizzle/0012_issued_documents.sql', 'docs/adr/0011-x.md', 'bench/RESULTS.md'])
      expect(checkKind(file), file).toBeNull();
    expect(reasons('apps/server/drizzle/0012_issued_documents.sql', text)).toEqual([]);
  });

  it('checks the documents a newcomer reads for paths a clone lacks and unknown ids, not for history', () => {
    expect(checkKind('README.md')).toBe('document');
    expect(checkKind('docs/product/screens.md')).toBe('document');
    expect(checkKind('docs/product/rules.md')).toBe('document');
    expect(checkKind('test-fixtures/README.md')).toBeNull();
    const text = [`Schemas in \`${SHARED}\`.`, `Since ${ISSUE(20)}, R-FACT-01 and ${UNKNOWN_ID}.`].join('\n');
    expect(reasons('ARCHITECTURE.md', text)).toEqual([
      '1: points into the specifications folder a clone does not have',
      `2: cites ${UNKNOWN_ID}, which docs/product/rules.md does not define`,
    ]);
  });

  it('finds nothing to fix in this repository', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const problems = repositoryProblems(root);
    expect(problems, formatProblems(problems)).toEqual([]);
  });
});

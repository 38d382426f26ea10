// Code and tests cite the product's rules by their id (docs/product/rules.md), never the
// specification files a clone does not have, nor issue numbers (which only the tracker knows).
// `node scripts/rule-citations.mjs` lists each offending line; its Vitest test runs the same
// check over the repository, so `npm test` fails on a new stale citation or an unknown id.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RULES_FILE = 'docs/product/rules.md';

/** Files whose citations are checked: source, tests, configuration, scripts. */
const CHECKED = /\.(?:[cm]?[jt]sx?|sql|css|html|json|ya?ml|sh)$/;
/**
 * History, kept as written: SQL migrations once applied, decision records (their status
 * lines name the issue that decided them) and measured results. The rules file defines ids.
 */
const HISTORY = [/^apps\/server\/drizzle\//, /^docs\/adr\//, /^bench\/RESULTS\.md$/, /(^|\/)package-lock\.json$/];
/**
 * Documents a newcomer reads: rule ids they cite must exist, and no path into the sibling
 * folder of specifications a clone lacks.
 */
const DOCUMENTS = [/^README\.md$/, /^ARCHITECTURE\.md$/, /^docs\/product\/[^/]+\.md$/];

// Built from parts so this file does not flag itself.
const SPEC_FILE = new RegExp(['SPEC', 'DESIGN'].map((name) => `\\b${name}\\.md\\b`).join('|'));
const ISSUE_NUMBER = /\bissues?\s+#?\d+/i;
const SHARED_FOLDER = new RegExp(['\\.\\.', 'shared'].join('/'));
/** A rule id: R-, an area in capitals, a two-digit number (R-SEARCH-03). */
const RULE_ID = /\bR-[A-Z]+-\d{2}\b/g;
/** A definition in the rules file: the id in bold at the start of a list item. */
const RULE_DEFINITION = /^- \*\*(R-[A-Z]+-\d{2})\*\*/gm;

/** The ids defined in the rules file's text, and those defined twice. */
export function definedRules(rulesText) {
  const defined = new Set();
  const duplicates = [];
  for (const [, id] of rulesText.matchAll(RULE_DEFINITION)) {
    if (defined.has(id)) duplicates.push(id);
    defined.add(id);
  }
  return { defined, duplicates };
}

/** Whether `file` (a path relative to the root, with '/') is checked, and how. */
export function checkKind(file) {
  if (HISTORY.some((pattern) => pattern.test(file))) return null;
  if (DOCUMENTS.some((pattern) => pattern.test(file))) return 'document';
  return CHECKED.test(file) ? 'code' : null;
}

/**
 * The problems of one file's text, one per offending line and reason:
 * `{ file, line, reason, text }`.
 */
export function fileProblems(file, text, defined) {
  const kind = checkKind(file);
  if (!kind) return [];
  const problems = [];
  text.split('\n').forEach((lineText, index) => {
    const at = (reason) => problems.push({ file, line: index + 1, reason, text: lineText.trim() });
    if (SHARED_FOLDER.test(lineText)) at('points into the specifications folder a clone does not have');
    if (kind === 'code') {
      if (SPEC_FILE.test(lineText)) at('cites a specification file: cite the rule id (docs/product/rules.md)');
      if (ISSUE_NUMBER.test(lineText)) at('cites an issue number: cite the rule id or say the rule in words');
    }
    for (const [id] of lineText.matchAll(RULE_ID))
      if (!defined.has(id)) at(`cites ${id}, which ${RULES_FILE} does not define`);
  });
  return problems;
}

/** The repository's tracked files (and new ones not ignored), relative, with '/'. */
export function repositoryFiles(root) {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return output.split('\0').filter(Boolean);
}

/** Every problem of the repository at `root`, the rules file's own included. */
export function repositoryProblems(root) {
  const { defined, duplicates } = definedRules(readFileSync(path.join(root, RULES_FILE), 'utf8'));
  const problems = duplicates.map((id) => ({ file: RULES_FILE, line: 0, reason: `defines ${id} twice`, text: id }));
  for (const file of repositoryFiles(root)) {
    if (!checkKind(file)) continue;
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // deleted in the working tree, not committed yet
    }
    problems.push(...fileProblems(file, text, defined));
  }
  return problems;
}

export function formatProblems(problems) {
  return problems.map((p) => `${p.file}:${p.line}: ${p.reason}\n    ${p.text}`).join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = repositoryProblems(root);
  if (problems.length > 0) {
    console.error(formatProblems(problems));
    console.error(`\n${problems.length} citation(s) to fix.`);
    process.exitCode = 1; // not process.exit(): a long report to a pipe would be cut short
  } else console.log('Citations: every rule id cited is defined in docs/product/rules.md.');
}

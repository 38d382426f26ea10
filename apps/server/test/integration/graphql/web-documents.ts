import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fluxRowFields } from '../../../../web/src/features/flux-search/api/flux-row';

const webSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/src');
const domainSource = path.resolve(webSource, '../../../packages/domain/src');
/** Documents the web sends that the domain writes (shared with the bench). */
const DOMAIN_DOCUMENT_FILES = ['flux/search-totals.ts'];

/** The files of the web app that send GraphQL: every feature's api/ folder, lib/, and the domain's documents. */
function webApiFiles(): string[] {
  const features = path.join(webSource, 'features');
  const files = readdirSync(features).flatMap((feature) => {
    const api = path.join(features, feature, 'api');
    try {
      return readdirSync(api).map((file) => path.join(api, file));
    } catch {
      return [];
    }
  });
  files.push(...readdirSync(path.join(webSource, 'lib')).map((file) => path.join(webSource, 'lib', file)));
  files.push(...DOMAIN_DOCUMENT_FILES.map((file) => path.join(domainSource, file)));
  return files.filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
}

/**
 * The search row's selection the costliest viewer sends: the head office reads every column
 * (the column definition's own builder, R-SCOPE-07).
 */
const HEAD_OFFICE_FIELDS = fluxRowFields({ headOffice: true });

/**
 * `const NAME = \`...\`` constants of a file, by name (to resolve `${NAME}` in the documents),
 * and `const NAME = (fields: string) => \`...\`` documents built for a viewer's row selection,
 * filled with the head office's.
 */
function templateConstants(text: string): Map<string, string> {
  const constants = new Map<string, string>();
  for (const match of text.matchAll(/const (\w+) = `([^`]*)`/g)) constants.set(match[1] ?? '', match[2] ?? '');
  for (const match of text.matchAll(/const (\w+) = \(\s*fields: string,?\s*\) => `([^`]*)`/g))
    constants.set(match[1] ?? '', (match[2] ?? '').replaceAll('${fields}', HEAD_OFFICE_FIELDS));
  return constants;
}

/**
 * Every GraphQL document the web app sends, read from its source (so a new screen's query
 * is checked against the cost budget as soon as it is written), keyed by operation name
 * ('anonymous' for a bare `{ ... }`), with `${CONSTANT}` parts filled in.
 */
export function webGraphqlDocuments(): Map<string, string> {
  const files = webApiFiles();
  const constants = new Map<string, string>();
  for (const file of files)
    for (const [name, value] of templateConstants(readFileSync(file, 'utf8'))) constants.set(name, value);
  const documents = new Map<string, string>();
  for (const value of constants.values()) {
    const document = value.replace(/\$\{(\w+)\}/g, (_, name: string) => constants.get(name) ?? '');
    const operation = /^\s*(query|mutation)\s+(\w+)/.exec(document);
    if (operation) documents.set(operation[2] ?? '', document);
    else if (/^\s*\{\s*\w+/.test(document)) documents.set(`anonymous ${documents.size}`, document);
  }
  return documents;
}

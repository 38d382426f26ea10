import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { fileNameCase } from './scripts/eslint/file-name-case.mjs';

const webFeatures = existsSync('apps/web/src/features') ? readdirSync('apps/web/src/features') : [];

// Import directions (R-ARCH-01), enforced so they stay true.
const zones = [
  // packages/domain imports no app code; packages/file-formats imports neither app code nor the domain.
  { target: './packages/domain', from: ['./apps', './e2e', './bench', './packages/seed'] },
  { target: './packages/file-formats', from: ['./apps', './e2e', './bench', './packages/domain', './packages/seed'] },
  // The demo-data generator (ADR 0038) reaches the server through its one entry point; the
  // server's code never imports the generator (its tests seed their template with it).
  { target: './packages/seed', from: './apps/server', except: ['./src/seed-api.ts'] },
  { target: './apps/server/src', from: './packages/seed' },
  // The web app never imports the server, and the server never imports the web app.
  { target: './apps/web', from: './apps/server' },
  { target: './apps/server', from: './apps/web' },
  // Web: app -> features -> shared; a feature never imports another feature.
  { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
  },
  { target: './apps/web/src/features', from: './apps/web/src/app' },
  // A feature never imports another feature.
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
  })),
  // Server: routes/graphql -> services -> repositories -> db; the db layer knows nothing above it.
  {
    target: './apps/server/src/db',
    from: ['./apps/server/src/modules', './apps/server/src/graphql', './apps/server/src/plugins'],
  },
];

const OTHER_MODULE_REPOSITORY = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/[^/]+\\.repository$',
  message: "Un module n'importe pas le repository d'un autre module : passez par son service.",
};
const ANY_REPOSITORY = {
  regex: '\\.repository$',
  message: "Une route, le schéma GraphQL ou un plugin n'importe pas de repository : passez par un service.",
};

// ADR 0034: Drizzle's query builder stays behind apps/server/src/db. Repeated in each server
// block that sets no-restricted-imports, since a later block replaces the rule's options.
const DRIZZLE_QUERY_BUILDER = {
  name: 'drizzle-orm',
  importNames: ['sql', 'eq', 'ne', 'and', 'or', 'not', 'inArray', 'asc', 'desc', 'count'],
  message: 'SQL paramétré via Database.query ou Database.transaction (ADR 0034).',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: globals.node } },
  {
    plugins: { 'import-x': importX },
    // Resolve extension-less TypeScript imports and the web app's '@/' alias, so the zones apply.
    settings: {
      // Parse TypeScript dependencies too: import-x/no-cycle follows them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/file-formats/tsconfig.json',
            'packages/domain/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/seed/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // One naming convention (CODE_STYLE.md): kebab-case folders and files, PascalCase for .tsx component files.
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { gdf: { rules: { 'file-name-case': fileNameCase } } },
    rules: { 'gdf/file-name-case': 'error' },
  },
  {
    files: ['apps/web/src/features/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '../../features/*'],
              message: 'Une feature ne doit pas importer une autre feature.',
            },
            { group: ['@/app/*', '@/app'], message: "Une feature n'importe pas la couche app." },
          ],
        },
      ],
    },
  },
  {
    // ADR 0034: statements are parameterised SQL through Database.query / Database.transaction;
    // Drizzle's query builder and driver API stay behind apps/server/src/db.
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/server/src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.property.name='db'][property.name=/^(select|selectDistinct|insert|update|delete|execute|transaction|query|with|\\$count)$/]",
          message: 'SQL paramétré via Database.query ou Database.transaction (ADR 0034), pas le query builder Drizzle.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [DRIZZLE_QUERY_BUILDER],
        },
      ],
    },
  },
  // Server layers (CODE_STYLE.md): routes -> services -> repositories -> db. A module reaches
  // another module through its service, never its repository; the HTTP edges (routes,
  // GraphQL, plugins) never import a repository.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [DRIZZLE_QUERY_BUILDER], patterns: [OTHER_MODULE_REPOSITORY] }],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts', 'apps/server/src/graphql/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [DRIZZLE_QUERY_BUILDER], patterns: [OTHER_MODULE_REPOSITORY, ANY_REPOSITORY] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);

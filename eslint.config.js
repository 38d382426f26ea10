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
  {
    target: './apps/server',
    from: './apps/web',
    // The server's test of the web's GraphQL documents builds the search row as the web does.
    except: ['./src/features/flux-search/api/flux-row.ts'],
  },
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
// Modules reach each other only through their services: a file of module X imports from module Y
// (and the GraphQL layer from any module) only Y's `*.service.ts`. Two modules are what every
// module is built on rather than another module's internals, and are reached directly: the
// request scope (scope/scope.ts, scope/actor.ts, scope/can-see-structure.ts: who sees what) and
// the job framework (jobs/job-kind, job-runtime, job-scope, job-batch, job-zip: the contract a
// background job implements and the parts it runs on).
const MODULE_KERNEL = '(scope/(scope|actor|can-see-structure)|jobs/job-(kind|runtime|scope|batch|zip))$';
const NOT_A_SERVICE = '(?![^/]+\\.service$)[^/]+$';
const OTHER_MODULE_INTERNALS = {
  regex: `^\\.\\./(?!\\.\\.)(?!${MODULE_KERNEL})[^/]+/${NOT_A_SERVICE}`,
  message:
    "Un module n'atteint un autre module que par son *.service.ts (hors scope/ et le cadre des jobs) : exposez-y ce qu'il faut.",
};
const MODULE_INTERNALS_FROM_GRAPHQL = {
  regex: `^(\\.\\./)+modules/(?!${MODULE_KERNEL})[^/]+/${NOT_A_SERVICE}`,
  message:
    "Le schéma GraphQL n'atteint un module que par son *.service.ts (hors scope/ et le cadre des jobs) : exposez-y ce qu'il faut.",
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

// Layers by role (CODE_STYLE.md): SQL is issued only in a `*.repository.ts` or in
// apps/server/src/db, whatever a file is called. What the code does is checked: a call of the
// Database handle's (or a transaction's, a session's) query functions, a SQL statement's text,
// an import of db's SQL-text helpers. Tests are exempt.
const DRIZZLE_QUERY_BUILDER_SYNTAX = {
  selector:
    "MemberExpression[object.property.name='db'][property.name=/^(select|selectDistinct|insert|update|delete|execute|transaction|query|with|\\$count)$/]",
  message: 'SQL paramétré via Database.query ou Database.transaction (ADR 0034), pas le query builder Drizzle.',
};
const SQL_CALL = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(query|script|copyCsv)$/]",
  message: 'Le SQL se lance dans un *.repository.ts (ou apps/server/src/db) : appelez une fonction du repository.',
};
const SQL_STATEMENT = '^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|CREATE|DROP|ANALYZE|TRUNCATE|LOCK TABLE)\\s';
const SQL_TEXT = [
  {
    selector: `Literal[value=/${SQL_STATEMENT}/]`,
    message: "Le texte SQL s'écrit dans un *.repository.ts (ou apps/server/src/db).",
  },
  {
    selector: `TemplateLiteral > TemplateElement:first-child[value.raw=/${SQL_STATEMENT}/]`,
    message: "Le texte SQL s'écrit dans un *.repository.ts (ou apps/server/src/db).",
  },
];
const SQL_TEXT_HELPERS = {
  group: ['**/db/sql-arrays', '**/db/reste-du-sql', '**/db/settled-parts', '**/db/sepa-records'],
  message: "Les fragments SQL de db/ s'emploient dans un *.repository.ts.",
};
const SQL_OUTSIDE_LAYER_IGNORES = [
  'apps/server/src/db/**',
  'apps/server/**/*.repository.ts',
  'apps/server/**/*.test.ts',
];

// The files each workspace's tsconfig.json includes (the type-aware rules need their types).
const TYPED_FILES = [
  'packages/*/src/**/*.ts',
  'apps/server/{src,test}/**/*.ts',
  'apps/web/src/**/*.{ts,tsx}',
  'e2e/tests/**/*.ts',
  'e2e/*.ts',
  'bench/src/**/*.ts',
];

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
      'no-restricted-syntax': ['error', DRIZZLE_QUERY_BUILDER_SYNTAX],
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
      'no-restricted-imports': ['error', { paths: [DRIZZLE_QUERY_BUILDER], patterns: [OTHER_MODULE_INTERNALS] }],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts', 'apps/server/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [DRIZZLE_QUERY_BUILDER], patterns: [OTHER_MODULE_REPOSITORY, ANY_REPOSITORY] },
      ],
    },
  },
  // The GraphQL layer runs its compiled statements through its own repository only.
  {
    files: ['apps/server/src/graphql/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [DRIZZLE_QUERY_BUILDER],
          patterns: [
            MODULE_INTERNALS_FROM_GRAPHQL,
            { ...ANY_REPOSITORY, regex: '^(?!\\.\\.?/graphql-reads\\.repository$).*\\.repository$' },
          ],
        },
      ],
    },
  },
  // SQL by role (above): issued and written only in repositories and db/. The GraphQL compiler
  // writes SQL from the metadata (its text is checked there by its own tests); it runs it
  // through graphql-sql.repository.ts like any other layer.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: SQL_OUTSIDE_LAYER_IGNORES,
    rules: { 'no-restricted-syntax': ['error', DRIZZLE_QUERY_BUILDER_SYNTAX, SQL_CALL, ...SQL_TEXT] },
  },
  {
    files: ['apps/server/src/graphql/**/*.ts'],
    ignores: SQL_OUTSIDE_LAYER_IGNORES,
    rules: { 'no-restricted-syntax': ['error', DRIZZLE_QUERY_BUILDER_SYNTAX, SQL_CALL] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: SQL_OUTSIDE_LAYER_IGNORES,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [DRIZZLE_QUERY_BUILDER], patterns: [OTHER_MODULE_INTERNALS, SQL_TEXT_HELPERS] },
      ],
    },
  },
  // The block above replaced the routes' options: a module's routes still import no repository.
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [DRIZZLE_QUERY_BUILDER], patterns: [OTHER_MODULE_INTERNALS, ANY_REPOSITORY, SQL_TEXT_HELPERS] },
      ],
    },
  },
  // Type-aware rules: a promise is awaited, returned, caught, or `void`-ed where fire-and-forget is
  // meant (the reason beside it). Each file is typed by its workspace's tsconfig.json (projectService
  // finds the nearest one), so only files a tsconfig includes are listed here.
  {
    files: TYPED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A JSX attribute may take a handler that returns a promise: React ignores what a handler
      // returns, and those handlers are react-hook-form's `onSubmit={handleSubmit(...)}` (it
      // settles validation itself; the submit starts a mutation whose state shows a failure) or a
      // confirm's caught mutateAsync. A `void` wrapper at each form would be noise; inside any
      // handler, no-floating-promises still wants every promise awaited, caught or `void`-ed.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // A component reads in one screen: under 120 lines, its parts in their own components or hooks.
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
);

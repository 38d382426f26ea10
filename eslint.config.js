import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const webFeatures = existsSync('apps/web/src/features') ? readdirSync('apps/web/src/features') : [];

// Import directions (R-ARCH-01), enforced so they stay true.
const zones = [
  // packages/domain imports no app code.
  { target: './packages/domain', from: ['./apps', './e2e', './bench'] },
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

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: globals.node } },
  {
    plugins: { 'import-x': importX },
    // Resolve extension-less TypeScript imports and the web app's '@/' alias, so the zones apply.
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/domain/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
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
          paths: [
            {
              name: 'drizzle-orm',
              importNames: ['sql', 'eq', 'ne', 'and', 'or', 'not', 'inArray', 'asc', 'desc', 'count'],
              message: 'SQL paramétré via Database.query ou Database.transaction (ADR 0034).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);

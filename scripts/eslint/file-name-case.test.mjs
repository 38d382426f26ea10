import { describe, expect, it } from 'vitest';
import { fileNameProblem } from './file-name-case.mjs';

describe('file-name-case: kebab-case files and folders, PascalCase .tsx components', () => {
  it.each([
    'apps/server/src/modules/flux/flux-write.service.ts',
    'apps/server/src/modules/exports-sepa/sepa-batch.property.test.ts',
    'apps/web/src/components/TopBar.tsx',
    'apps/web/src/components/TruncatedText.test.tsx',
    'apps/web/src/app/router.tsx',
    'scripts/eslint/file-name-case.mjs',
    '.ci/run.mjs',
  ])('accepts %s', (path) => expect(fileNameProblem(path)).toBeNull());

  it.each([
    ['apps/server/src/modules/flux/fluxWrite.service.ts', '"fluxWrite.service.ts" doit être en kebab-case.'],
    ['apps/server/src/lib/Semaphore.ts', '"Semaphore.ts" doit être en kebab-case.'],
    ['apps/server/src/lib/ttl_cache.ts', '"ttl_cache.ts" doit être en kebab-case.'],
    ['apps/web/src/components/topBar.tsx', '"topBar.tsx" : kebab-case, ou PascalCase pour un composant React.'],
    ['apps/server/src/modules/flux/flux.Routes.ts', 'La partie ".Routes" de "flux.Routes.ts" doit être en kebab-case.'],
    ['apps/web/src/features/fluxSearch/api.ts', 'Le dossier "fluxSearch" doit être en kebab-case.'],
  ])('refuses %s', (path, message) => expect(fileNameProblem(path)).toBe(message));
});

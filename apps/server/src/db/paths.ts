import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when `dir` holds the monorepo's root package.json (the one declaring "workspaces"). */
function isRepositoryRoot(dir: string): boolean {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { workspaces?: unknown };
    return Array.isArray(json.workspaces);
  } catch {
    return false;
  }
}

function walkUp(start: string): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    if (isRepositoryRoot(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The repository root, found from this module's location (src/ under tsx, dist/ once
 * bundled) and then from the working directory, so `npm run seed` (run by npm from
 * apps/server) and `npm start` (run from the root) share one ./data directory.
 */
export function repositoryRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = walkUp(here) ?? walkUp(process.cwd());
  if (!root) throw new Error('Racine du dépôt introuvable (package.json avec "workspaces")');
  return root;
}

/** Local state kept out of git: DATA_DIR, else <root>/data (embedded database, generated secret...). */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(repositoryRoot(), 'data');
}

/** Embedded database directory used when DATABASE_URL is unset: <root>/data/pglite. */
export function defaultPgliteDir(): string {
  return path.join(dataDir(), 'pglite');
}

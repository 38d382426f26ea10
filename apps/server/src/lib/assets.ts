import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file of apps/server/assets (fonts, official XML schemas), found from wherever the code
 * runs: src/... under tsx and tests, dist/ in the esbuild bundle.
 */
export function assetPath(...segments: string[]): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'assets', ...segments);
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`Fichier introuvable : apps/server/assets/${segments.join('/')}`);
}

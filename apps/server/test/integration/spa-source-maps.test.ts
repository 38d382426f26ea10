import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/database';
import { TEST_JWT_SECRET } from './support/test-app';

/** R-SEC-12: the SPA's source maps (the whole client source) are not public in production. */
describe('SPA source maps', () => {
  let staticDir: string;
  let database: Database;
  const apps: FastifyInstance[] = [];
  const appServing = async (serveSourceMaps?: boolean) => {
    const app = await buildApp({
      database,
      jwtSecret: TEST_JWT_SECRET,
      loginRateLimit: false,
      staticDir,
      ...(serveSourceMaps === undefined ? {} : { serveSourceMaps }),
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    staticDir = await mkdtemp(path.join(tmpdir(), 'gdf-spa-'));
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>GDF</title>');
    await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
    await writeFile(path.join(staticDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('production (the default): *.map answers 404, never the map nor index.html; the bundle is served', async () => {
    const app = await appServing();
    const map = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    expect(map.body).not.toContain('<title>GDF</title>');
    const other = await app.inject({ method: 'GET', url: '/assets/absent.js.map' });
    expect(other.statusCode).toBe(404);
    const bundle = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(bundle.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/flux-financiers' })).body).toContain('<title>GDF</title>');
  });

  it('development (serveSourceMaps): the map is served', async () => {
    const app = await appServing(true);
    const map = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret.ts');
  });
});

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminQuery, postgresTemplateName } from './integration/support/postgres-admin';

/**
 * The run's folder for its template databases (integration/support/templates.ts), made
 * when a test file first needs them. Removed at the end, with the PostgreSQL templates, and
 * emptied before each rerun of watch mode (a migration or the seed may have changed).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'gdf-test-run-'));
  project.provide('gdfTemplateDir', dir);
  const removeTemplates = async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl)
      for (const kind of ['seeded', 'empty'] as const)
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${postgresTemplateName(dir, kind)} WITH (FORCE)`);
    await rm(dir, { recursive: true, force: true });
  };
  project.onTestsRerun(async () => {
    await removeTemplates();
    await mkdir(dir);
  });
  return removeTemplates;
}

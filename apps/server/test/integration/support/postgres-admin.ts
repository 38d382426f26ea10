import path from 'node:path';
import pg from 'pg';
import type { TemplateKind } from './templates';

/** One statement on the server's maintenance database (CREATE/DROP DATABASE). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The run's PostgreSQL template database of `kind` (lower case, as CREATE DATABASE folds names). */
export function postgresTemplateName(runDir: string, kind: TemplateKind): string {
  return `gdf_test_tpl_${path.basename(runDir).replace(/[^a-z0-9]/g, '')}_${kind}`;
}

import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultCollectionDate } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/db/database';
import { repositoryRoot } from '../../../src/db/paths';

/** The official schemas, copied unmodified in the repository's test-fixtures (its README). */
const XSD_DIR = path.join(repositoryRoot(), 'test-fixtures', 'xsd');

const run = promisify(execFile);

/** Resolves when xmllint accepts the file against the version's XSD; rejects with its message otherwise. */
export async function validateAgainstXsd(
  xml: string,
  version: 'pain.008.001.08' | 'pain.008.001.02' | 'pain.001.001.09' | 'pain.001.001.03',
): Promise<void> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'gdf-sepa-')), 'file.xml');
  await writeFile(file, xml);
  await run('xmllint', ['--noout', '--schema', path.join(XSD_DIR, `${version}.xsd`), file]);
}

/** A collection date the server accepts (TARGET day past the lead time), with slack for midnight. */
export const collectionDate = () => defaultCollectionDate(new Date());

/** Every value of a simple element, in document order. */
export const elements = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1] as string);

export const PREVIEW_URL = '/api/exports/sepa/prelevements/preview';
export const GENERATE_URL = '/api/exports/sepa/prelevements';

export function generate(app: FastifyInstance, token: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: GENERATE_URL, headers: { authorization: `Bearer ${token}` }, payload });
}

export function get(app: FastifyInstance, token: string, url: string) {
  return app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

/**
 * One unpaid direct debit for each seeded RIB edge case (no RIB, expired mandate, no
 * mandate), which the small seed does not always bill: the excluded list must show them.
 */
export async function addDueFluxForExcludedStructures(database: Database): Promise<void> {
  await database.query(
    `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "MontantHT", "MontantTTC", "EST_Debit", "ID_CategoryFlux", "ID_Saison", "ID_Structure")
     SELECT 'Prélèvement test SEPA', 12.34, 12.34, true, 5, (SELECT max(id) FROM "FEDE_Saison"), s.id
       FROM "STR_Structure" s
      WHERE s."ID_Federation" = 1318 AND s.id IN (
        (SELECT min(x.id) FROM "STR_Structure" x WHERE x."ID_Federation" = 1318
            AND NOT EXISTS (SELECT 1 FROM "STR_StructureRib" r WHERE r."ID_Structure" = x.id)),
        (SELECT min(r."ID_Structure") FROM "STR_StructureRib" r WHERE NOT r."EST_Valide"),
        (SELECT min(r."ID_Structure") FROM "STR_StructureRib" r WHERE r."EST_Valide" AND r."MandatRUM" IS NULL))`,
  );
}

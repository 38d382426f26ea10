import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { dataDir } from '../../db/paths';
import { createSepaFileStore } from './sepa-file-store';
import { checkSepaSettings, DEMO_SEPA_ICS, type SepaSettings } from './sepa-settings';
import { registerSepaRoutes } from './sepa.routes';

export interface SepaAppOptions {
  database: Database;
  filesDir?: string;
  sepa?: Partial<SepaSettings>;
}

/** Files go beside the uploads (FILES_DIR/sepa) when set, else DATA_DIR/sepa; the ICS is checked at start-up. */
export function registerSepaExports(app: FastifyInstance, options: SepaAppOptions): void {
  const settings = checkSepaSettings({
    ics: DEMO_SEPA_ICS,
    sequenceType: 'RCUR',
    directory: options.filesDir ? path.join(options.filesDir, 'sepa') : path.join(dataDir(), 'sepa'),
    ...definedOnly(options.sepa ?? {}),
  });
  registerSepaRoutes(app, {
    database: options.database,
    settings,
    files: createSepaFileStore(settings.directory),
  });
}

/** Unset options keep their defaults instead of overriding them with undefined. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

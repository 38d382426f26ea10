import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { checkSepaSettings, DEMO_SEPA_ICS, type SepaSettings } from './sepa-settings';
import { registerSepaRoutes } from './sepa.routes';

export interface SepaAppOptions {
  database: Database;
  sepa?: Partial<SepaSettings>;
}

/**
 * The ICS is checked at start-up; generated files are kept in the database (DOC_Contenu).
 * Returns the settings, whose account and name the credit transfers pay from (R-PAY-05).
 */
export function registerSepaExports(app: FastifyInstance, options: SepaAppOptions): SepaSettings {
  const settings = checkSepaSettings({
    ics: DEMO_SEPA_ICS,
    sequenceType: 'RCUR',
    minLeadDays: 1,
    ...definedOnly(options.sepa ?? {}),
  });
  registerSepaRoutes(app, { database: options.database, settings });
  return settings;
}

/** Unset options keep their defaults instead of overriding them with undefined. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

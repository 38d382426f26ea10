import { normalizeIban, usableBic, type SepaCreditor } from '@gdf/domain';
import { isValidIBAN } from 'ibantools';
import { HttpError } from '../../lib/http-errors';
import type { Queryable } from '../../db/queryable';
import type { SepaSettings } from './sepa-settings';
import { readHeadOfficeCreditor } from './sepa-creditor.repository';

/** The creditor: configured values first, else the head office's own valid RIB; address of the head office. */
export async function resolveCreditor(db: Queryable, settings: SepaSettings): Promise<SepaCreditor> {
  const row = await readHeadOfficeCreditor(db);
  const iban = normalizeIban(settings.creditorIban ?? row?.IBAN ?? '');
  const name = settings.creditorName ?? row?.Titulaire ?? row?.NomStructure ?? '';
  if (!isValidIBAN(iban) || name.trim() === '' || !row?.Ville) {
    throw new HttpError(
      409,
      'Configuration SEPA incomplète : nom, IBAN du créancier ou adresse du siège manquant.',
      'conflict',
    );
  }
  return {
    name,
    iban,
    bic: usableBic(settings.creditorBic ?? row.BIC),
    ics: settings.ics,
    address: {
      street: row.Adresse1,
      postCode: row.CodePostal,
      town: row.Ville,
      country: row.Pays ?? 'FR',
      complement: row.Adresse2,
    },
  };
}

import { HEAD_OFFICE_STRUCTURE_ID, normalizeIban, usableBic, type SepaCreditor } from '@gdf/domain';
import { isValidIBAN } from 'ibantools';
import { HttpError } from '../../lib/http-errors';
import type { Queryable } from '../../db/queryable';
import type { SepaSettings } from './sepa-settings';

interface HeadOfficeRow {
  NomStructure: string;
  Titulaire: string | null;
  IBAN: string | null;
  BIC: string | null;
  Adresse1: string | null;
  Adresse2: string | null;
  CodePostal: string | null;
  Ville: string | null;
  Pays: string | null;
}

/** The creditor: configured values first, else the head office's own valid RIB; address of the head office. */
export async function resolveCreditor(db: Queryable, settings: SepaSettings): Promise<SepaCreditor> {
  const [row] = await db.query<HeadOfficeRow>(
    `SELECT s."NomStructure", r."Titulaire", r."IBAN", r."BIC", a."Adresse1", a."Adresse2", a."CodePostal", a."Ville", a."Pays"
       FROM "STR_Structure" s
       LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
       LEFT JOIN LATERAL (SELECT * FROM "STR_StructureRib" rib WHERE rib."ID_Structure" = s.id
                           ORDER BY rib."EST_Valide" DESC, rib.id DESC LIMIT 1) r ON TRUE
      WHERE s.id = $1`,
    [HEAD_OFFICE_STRUCTURE_ID],
  );
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

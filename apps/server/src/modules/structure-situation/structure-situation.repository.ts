import { toCents, type Cents, type ReminderLevel, type StructureTypeId } from '@gdf/domain';
import type { Database } from '../../db/database';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

type Reader = Pick<Database, 'query'>;

export interface SituationStructureRow {
  id: number;
  name: string;
  federalCode: string | null;
  typeId: StructureTypeId;
  /** The address the SEPA file would write, and the RIB it would use (newest valid first). */
  town: string | null;
  country: string | null;
  iban: string | null;
  mandateValid: boolean | null;
  mandateReference: string | null;
  mandateSignedOn: string | null;
}

/** The structure when the scope sees it, with what its direct debits need; null otherwise. */
export async function findSituationStructure(
  database: Reader,
  scope: RequestScope,
  structureId: number,
): Promise<SituationStructureRow | null> {
  const params: unknown[] = [structureId];
  const [row] = await database.query<SituationStructureRow>(
    `SELECT s.id, s."NomStructure" AS name, s."ID_CodeFederal" AS "federalCode", s."ID_TypeStructure" AS "typeId",
            a."Ville" AS town, a."Pays" AS country, r."IBAN" AS iban, r."EST_Valide" AS "mandateValid",
            r."MandatRUM" AS "mandateReference", r."MandatDateSignature"::text AS "mandateSignedOn"
       FROM "STR_Structure" s
       LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
       LEFT JOIN LATERAL (
         SELECT * FROM "STR_StructureRib" rib WHERE rib."ID_Structure" = s.id
          ORDER BY rib."EST_Valide" DESC, rib."Z_DateCreation" DESC, rib.id DESC LIMIT 1) r ON TRUE
      WHERE s.id = $1 AND ${structureScopeCondition(scope, 's.id', params)}`,
    params,
  );
  return row ?? null;
}

interface FluxFacts {
  fluxId: number;
  seasonId: number;
  label: string;
  createdAt: Date;
  isDebit: boolean;
  amount: Cents;
}

const fluxFacts = (row: {
  fluxId: number;
  seasonId: number;
  label: string;
  createdAt: Date | string;
  isDebit: boolean;
  ttc: string;
}): FluxFacts => ({
  fluxId: row.fluxId,
  seasonId: row.seasonId,
  label: row.label,
  createdAt: new Date(row.createdAt),
  isDebit: row.isDebit,
  amount: toCents(row.ttc),
});

const FLUX_COLUMNS = `f.id AS "fluxId", f."ID_Saison" AS "seasonId", f."NomFluxFinancier" AS label,
  f."Z_DateCreation" AS "createdAt", f."EST_Debit" AS "isDebit", f."MontantTTC"::text AS ttc`;

export interface SettledFluxRow extends FluxFacts {
  settledOn: string | null;
}

/**
 * The structure's last settled flux, latest settlement day first (undated ones after): the first
 * rows of mkp_flux_structure_reglement_idx (its order, NULLS LAST on columns never null included).
 */
export async function latestSettledFlux(
  database: Reader,
  structureId: number,
  limit: number,
): Promise<SettledFluxRow[]> {
  const rows = await database.query<Parameters<typeof fluxFacts>[0] & { settledOn: string | null }>(
    `SELECT ${FLUX_COLUMNS}, f."DateReglement"::text AS "settledOn"
       FROM "MKP_FluxFinancier" f
      WHERE f."ID_Structure" = $1 AND f."EST_Reglement"
      ORDER BY f."DateReglement" DESC NULLS LAST, f."Z_DateCreation" DESC NULLS LAST, f.id DESC NULLS LAST
      LIMIT $2`,
    [structureId, limit],
  );
  return rows.map((row) => ({ ...fluxFacts(row), settledOn: row.settledOn }));
}

export interface SettlementPartRow extends FluxFacts {
  partAmount: Cents;
  day: string;
  bankLabel: string;
}

/** Confirmed parts (reconciliations not undone) of bank credits given to the structure's flux, newest first. */
export async function latestSettlementParts(
  database: Reader,
  structureId: number,
  limit: number,
): Promise<SettlementPartRow[]> {
  const rows = await database.query<
    Parameters<typeof fluxFacts>[0] & { cents: string; day: string; bankLabel: string | null }
  >(
    `SELECT ${FLUX_COLUMNS}, (rf."Montant" * 100)::bigint::text AS cents, e."DateComptable"::text AS day,
            e."Libelle" AS "bankLabel"
       FROM "BQE_RapprochementFlux" rf
       JOIN "BQE_Rapprochement" ra ON ra.id = rf."ID_Rapprochement" AND ra."DateAnnulation" IS NULL
       JOIN "BQE_EcritureBancaire" e ON e.id = ra."ID_EcritureBancaire"
       JOIN "MKP_FluxFinancier" f ON f.id = rf."ID_FluxFinancier"
      WHERE f."ID_Structure" = $1
      ORDER BY e."DateComptable" DESC, rf."ID_Rapprochement" DESC, f.id DESC
      LIMIT $2`,
    [structureId, limit],
  );
  return rows.map((row) => ({
    ...fluxFacts(row),
    partAmount: Number(row.cents),
    day: row.day,
    bankLabel: row.bankLabel ?? '',
  }));
}

export interface ReturnRow extends FluxFacts {
  type: 'rejet' | 'retour';
  date: string;
  reasonCode: string | null;
  settled: boolean;
  relaunchedBy: number | null;
}

/** The bank's rejects and returns of the structure's direct debits, latest first. */
export async function latestReturns(database: Reader, structureId: number, limit: number): Promise<ReturnRow[]> {
  const rows = await database.query<
    Parameters<typeof fluxFacts>[0] & {
      type: 'rejet' | 'retour';
      date: string;
      reasonCode: string | null;
      settled: boolean;
      relaunchedBy: number | null;
    }
  >(
    `SELECT ${FLUX_COLUMNS}, r."TypeRetour" AS type, r."DateRetour"::text AS date, r."CodeRaison" AS "reasonCode",
            f."EST_Reglement" AS settled, f."ID_FluxFinancierRelance" AS "relaunchedBy"
       FROM "MKP_RetourPrelevement" r
       JOIN "MKP_FluxFinancier" f ON f.id = r."ID_FluxFinancier"
      WHERE f."ID_Structure" = $1
      ORDER BY r."DateRetour" DESC, r.id DESC
      LIMIT $2`,
    [structureId, limit],
  );
  return rows.map((row) => ({
    ...fluxFacts(row),
    type: row.type,
    date: row.date,
    reasonCode: row.reasonCode,
    settled: row.settled,
    relaunchedBy: row.relaunchedBy,
  }));
}

export interface RelaunchRow extends FluxFacts {
  relaunchFluxId: number;
  relaunchSeasonId: number;
  relaunchedAt: Date;
}

/** The structure's relaunched flux and the flux that carries each on, latest relaunch first. */
export async function latestRelaunches(database: Reader, structureId: number, limit: number): Promise<RelaunchRow[]> {
  const rows = await database.query<
    Parameters<typeof fluxFacts>[0] & { relaunchFluxId: number; relaunchSeasonId: number; relaunchedAt: Date | string }
  >(
    `SELECT ${FLUX_COLUMNS}, n.id AS "relaunchFluxId", n."ID_Saison" AS "relaunchSeasonId",
            n."Z_DateCreation" AS "relaunchedAt"
       FROM "MKP_FluxFinancier" f
       JOIN "MKP_FluxFinancier" n ON n.id = f."ID_FluxFinancierRelance"
      WHERE f."ID_Structure" = $1 AND f."ID_FluxFinancierRelance" IS NOT NULL
      ORDER BY n."Z_DateCreation" DESC, n.id DESC
      LIMIT $2`,
    [structureId, limit],
  );
  return rows.map((row) => ({
    ...fluxFacts(row),
    relaunchFluxId: row.relaunchFluxId,
    relaunchSeasonId: row.relaunchSeasonId,
    relaunchedAt: new Date(row.relaunchedAt),
  }));
}

export interface ReminderRow {
  id: number;
  level: ReminderLevel;
  date: string;
  total: Cents;
  fileName: string;
  senderName: string;
  fluxIds: number[];
}

/** The reminder letters sent to the structure, latest first, with the flux each cited. */
export async function latestReminders(database: Reader, structureId: number, limit: number): Promise<ReminderRow[]> {
  const rows = await database.query<Omit<ReminderRow, 'total'> & { total: string | number }>(
    `SELECT r.id, r."Niveau" AS level, r."DateRelance"::text AS date, r."CentimesTotal" AS total,
            r."NomFichier" AS "fileName", s."NomStructure" AS "senderName",
            coalesce((SELECT array_agg(rf."ID_FluxFinancier" ORDER BY rf."ID_FluxFinancier")
                        FROM "MKP_RelanceFlux" rf WHERE rf."ID_Relance" = r.id), '{}') AS "fluxIds"
       FROM "MKP_Relance" r
       JOIN "STR_Structure" s ON s.id = r."ID_StructureEmettrice"
      WHERE r."ID_Structure" = $1
      ORDER BY r.id DESC
      LIMIT $2`,
    [structureId, limit],
  );
  return rows.map((row) => ({ ...row, level: Number(row.level) as ReminderLevel, total: Number(row.total) }));
}

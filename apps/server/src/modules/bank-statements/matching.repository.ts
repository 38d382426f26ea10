import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';
import { SEPA_BATCH_TYPE } from '../../db/sepa-records';
import { structureScopeCondition, type RequestScope } from '../scope/scope';
import {
  ACTIVE_RECONCILIATION,
  ENTRY_COLUMNS,
  PAID_CENTS_SQL,
  type EntryRow,
  type OpenFluxRow,
} from './bank-statements.repository';

export type { OpenFluxRow } from './bank-statements.repository';

/**
 * Open flux: debits (what a structure owes the head office) neither settled nor relaunched
 * (the relaunch carries the claim), within the caller's scope, with what they still owe
 * after the parts of active reconciliations.
 */
async function openFlux(
  db: Queryable,
  scope: RequestScope,
  condition: (params: unknown[]) => string,
  options: { lock?: boolean; limit?: number } = {},
): Promise<OpenFluxRow[]> {
  const params: unknown[] = [SEPA_BATCH_TYPE];
  const where = condition(params);
  const inScope = structureScopeCondition(scope, 'f."ID_Structure"', params);
  const limit = options.limit === undefined ? '' : `LIMIT ${Math.trunc(options.limit)}`;
  return db.query<OpenFluxRow>(
    `SELECT f.id, f."ID_Saison" AS "seasonId", f."ID_Structure" AS "structureId", s."NomStructure" AS "structureName",
            f."NomFluxFinancier" AS label, (f."MontantTTC" * 100)::bigint::text AS cents,
            ((f."MontantTTC" * 100)::bigint - ${PAID_CENTS_SQL})::text AS "dueCents",
            t.id AS "batchId", EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" rp WHERE rp."ID_FluxFinancier" = f.id) AS rejected,
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS "createdDay",
            u."CT_Nom" AS "licenseeLastName", u."CT_Prenom" AS "licenseeFirstName", u."LicenceNumero" AS licence
       FROM "MKP_FluxFinancier" f
       JOIN "STR_Structure" s ON s.id = f."ID_Structure"
       LEFT JOIN "MKP_Traitement" t ON t.id = f."ID_Traitement" AND t."TypeTraitement" = $1
       LEFT JOIN "UTI_Utilisateur" u ON u.id = f."ID_Utilisateur"
      WHERE f."EST_Debit" AND NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NULL
        AND (${where}) AND ${inScope}
      ORDER BY f.id ${limit} ${options.lock ? 'FOR UPDATE OF f' : ''}`,
    params,
  );
}

/**
 * R-BANK-09 (a): the structures these IBANs designate (compared without spaces, upper case):
 * a RIB of theirs, the account of one of their SEPA mandates (the direct debits written), and
 * the structures of the flux that earlier entries from the same IBAN were reconciled with.
 */
export async function structuresByIban(
  db: Queryable,
  ibans: readonly string[],
): Promise<{ iban: string; structureId: number }[]> {
  if (ibans.length === 0) return [];
  return db.query<{ iban: string; structureId: number }>(
    `SELECT upper(replace("IBAN", ' ', '')) AS iban, "ID_Structure" AS "structureId"
       FROM "STR_StructureRib" WHERE upper(replace("IBAN", ' ', '')) = ANY($1::text[])
     UNION
     SELECT upper(replace("IBAN", ' ', '')), "ID_Structure"
       FROM "MKP_PrelevementSepa" WHERE upper(replace("IBAN", ' ', '')) = ANY($1::text[])
     UNION
     SELECT upper(replace(e."IbanDebiteur", ' ', '')), f."ID_Structure"
       FROM "BQE_EcritureBancaire" e
       JOIN "BQE_Rapprochement" ra ON ra."ID_EcritureBancaire" = e.id AND ra."DateAnnulation" IS NULL
       JOIN "BQE_RapprochementFlux" rf ON rf."ID_Rapprochement" = ra.id
       JOIN "MKP_FluxFinancier" f ON f.id = rf."ID_FluxFinancier"
      WHERE upper(replace(e."IbanDebiteur", ' ', '')) = ANY($1::text[])`,
    [`{${ibans.map((iban) => `"${iban.replace(/[^A-Z0-9]/g, '')}"`).join(',')}}`],
  );
}

/** The names of the structures in scope, for the payer's name (R-BANK-09 (b)). */
export async function structureNames(db: Queryable, scope: RequestScope): Promise<{ id: number; name: string }[]> {
  const params: unknown[] = [];
  const inScope = structureScopeCondition(scope, 's.id', params);
  return db.query<{ id: number; name: string }>(
    `SELECT s.id, s."NomStructure" AS name FROM "STR_Structure" s WHERE ${inScope}`,
    params,
  );
}

/** The structure and season of flux in scope, settled or not (what a reference names). */
export async function structuresOfFlux(
  db: Queryable,
  scope: RequestScope,
  ids: readonly number[],
): Promise<{ id: number; structureId: number; seasonId: number }[]> {
  if (ids.length === 0) return [];
  const params: unknown[] = [intArray(ids)];
  const inScope = structureScopeCondition(scope, 'f."ID_Structure"', params);
  return db.query<{ id: number; structureId: number; seasonId: number }>(
    `SELECT f.id, f."ID_Structure" AS "structureId", f."ID_Saison" AS "seasonId"
       FROM "MKP_FluxFinancier" f WHERE f.id = ANY($1::int[]) AND ${inScope}`,
    params,
  );
}

/**
 * R-BANK-11: the debits of the structure's statements that name one of these SEPA batches
 * (their batch MsgId or PmtInfId, label or remittance lines quote GDF-SEPA-<batch>): the bank's
 * debit of a batch's rejects. The caller reads which batch each names.
 */
export async function batchDebits(
  db: Queryable,
  structureId: number,
  batchIds: readonly number[],
): Promise<EntryRow[]> {
  if (batchIds.length === 0) return [];
  const pattern = `GDF-SEPA-(${batchIds.map((id) => Math.trunc(id)).join('|')})([^0-9]|$)`;
  return db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM "BQE_EcritureBancaire" e
       JOIN "BQE_ReleveBancaire" r ON r.id = e."ID_ReleveBancaire" AND r."ID_Structure" = $1
       ${ACTIVE_RECONCILIATION}
      WHERE e."Sens" = 'debit' AND coalesce(e."Statut", 'BOOK') = 'BOOK'
        AND concat_ws(' ', e."LotMessageId", e."LotPaymentInfoId", e."Libelle", array_to_string(e."InfosRemise", ' ')) ~* $2
      ORDER BY e."DateComptable", e.id`,
    [structureId, pattern],
  );
}

/** The open flux among `ids` (locked for a reconciliation with `lock`). */
export function openFluxByIds(
  db: Queryable,
  scope: RequestScope,
  ids: readonly number[],
  options: { lock?: boolean } = {},
): Promise<OpenFluxRow[]> {
  return openFlux(db, scope, (p) => `f.id = ANY($${p.push(intArray(ids))}::int[])`, options);
}

/** The open flux of these SEPA batches. */
export function openFluxOfBatches(db: Queryable, scope: RequestScope, batchIds: readonly number[]) {
  return openFlux(db, scope, (p) => `f."ID_Traitement" = ANY($${p.push(intArray(batchIds))}::int[])`);
}

/** The open flux of these structures. */
export function openFluxOfStructures(db: Queryable, scope: RequestScope, structureIds: readonly number[]) {
  return openFlux(db, scope, (p) => `f."ID_Structure" = ANY($${p.push(intArray(structureIds))}::int[])`);
}

/** The open flux billing the holders of these licence numbers. */
export function openFluxOfLicences(db: Queryable, scope: RequestScope, licences: readonly number[]) {
  return openFlux(
    db,
    scope,
    (p) => `f."ID_Utilisateur" IN (SELECT id FROM "UTI_Utilisateur"
                 WHERE "LicenceNumero" = ANY($${p.push(intArray(licences))}::int[]))`,
  );
}

/** The open flux of one of these amounts created in [from, to). */
export function openFluxOfAmounts(
  db: Queryable,
  scope: RequestScope,
  amounts: readonly number[],
  period: { from: string; to: string },
) {
  return openFlux(db, scope, (p) => {
    const list = `{${amounts.map((cents) => (cents / 100).toFixed(2)).join(',')}}`;
    return `f."MontantTTC" = ANY($${p.push(list)}::numeric[])
          AND f."Z_DateCreation" >= $${p.push(period.from)}::date AND f."Z_DateCreation" < $${p.push(period.to)}::date`;
  });
}

/** The open flux partly paid already (a part of an active reconciliation that does not settle them). */
export function openFluxPartlyPaid(db: Queryable, scope: RequestScope) {
  return openFlux(
    db,
    scope,
    () => `f.id IN (SELECT rf."ID_FluxFinancier" FROM "BQE_RapprochementFlux" rf
                JOIN "BQE_Rapprochement" ra ON ra.id = rf."ID_Rapprochement" AND ra."DateAnnulation" IS NULL
               WHERE NOT rf."EST_Regle")`,
  );
}

/**
 * 'Chercher un flux' next to an entry: by flux number (of its season when the number names
 * one, R-SEARCH-23), else by structure name, federal code or label containing `text`.
 */
export function openFluxFound(
  db: Queryable,
  scope: RequestScope,
  search: { number: { fluxId: number; seasonId: number | null } | null; text: string },
  limit: number,
): Promise<OpenFluxRow[]> {
  const { number, text } = search;
  return openFlux(
    db,
    scope,
    (p) => {
      if (number) {
        const id = `f.id = $${p.push(number.fluxId)}`;
        return number.seasonId === null ? id : `${id} AND f."ID_Saison" = $${p.push(number.seasonId)}`;
      }
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const ref = `$${p.push(like)}`;
      return `(s."NomStructure" ILIKE ${ref} OR s."ID_CodeFederal" ILIKE ${ref} OR f."NomFluxFinancier" ILIKE ${ref})`;
    },
    { limit },
  );
}

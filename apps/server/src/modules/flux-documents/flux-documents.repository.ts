import {
  HEAD_OFFICE_STRUCTURE_ID,
  toCents,
  type BankAccount,
  type DocumentFlux,
  type DocumentLine,
  type DocumentPerson,
  type DocumentStructure,
  type DocumentAddress,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

const STRUCTURE_COLUMNS = `
  s.id AS "structureId", s."NomStructure" AS "structureName", s."ID_CodeFederal" AS "federalCode",
  s."SIREN" AS "siren", s."CT_Email" AS "structureEmail", s."CT_Telephone" AS "structurePhone",
  a."Adresse1" AS "line1", a."Adresse2" AS "line2", a."CodePostal" AS "postalCode", a."Ville" AS "city"`;

interface StructureRow {
  structureId: number;
  structureName: string;
  federalCode: string | null;
  siren: string | null;
  structureEmail: string | null;
  structurePhone: string | null;
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
}

interface FluxRow extends StructureRow {
  id: number;
  name: string;
  createdAt: Date | string;
  seasonId: number;
  categoryId: number;
  isDebit: boolean;
  amountHT: string;
  amountTVA: string;
  amountTTC: string;
  dueDate: string | null;
  settled: boolean;
  seasonStart: string;
  seasonEnd: string;
  correspondentFirstName: string | null;
  correspondentLastName: string | null;
  correspondentEmail: string | null;
  correspondentPhone: string | null;
  correspondentLine1: string | null;
  correspondentLine2: string | null;
  correspondentPostalCode: string | null;
  correspondentCity: string | null;
  lines: Array<{
    label: string;
    unitPrice: string;
    quantity: number;
    amount: string;
    tarifName: string | null;
    tarifCategoryId: number | null;
  }> | null;
}

export interface LoadedFlux {
  flux: DocumentFlux;
  lines: DocumentLine[];
  structure: DocumentStructure;
  correspondent: DocumentPerson | null;
  /** FEDE_Saison's first and last days. */
  season: { start: string; end: string };
}

/**
 * One query: the flux, its structure, address and correspondent, and (for the invoice) its
 * detail lines as JSON. The caller's scope is ANDed in, so an out-of-scope flux is "not found".
 */
export async function findFluxForDocument(
  database: Database,
  scope: RequestScope,
  fluxId: number,
  withLines: boolean,
): Promise<LoadedFlux | null> {
  const params: unknown[] = [fluxId];
  const lines = withLines
    ? `(SELECT json_agg(json_build_object('label', d."NomFluxFinancierDetail", 'unitPrice', d."PrixUnitaire"::text,
          'quantity', d."Quantite", 'amount', d."MontantHT"::text,
          'tarifName', t."NomTarif", 'tarifCategoryId', t."ID_CategoryFlux") ORDER BY d.id)
        FROM "MKP_FluxFinancierDetail" d LEFT JOIN "MKP_Tarif" t ON t.id = d."ID_Tarif"
        WHERE d."ID_FluxFinancier" = f.id)`
    : 'NULL';
  const rows = await database.query<FluxRow>(
    `SELECT f.id, f."NomFluxFinancier" AS "name", f."Z_DateCreation" AS "createdAt", f."ID_Saison" AS "seasonId",
        f."ID_CategoryFlux" AS "categoryId", f."EST_Debit" AS "isDebit", f."MontantHT"::text AS "amountHT",
        f."MontantTVA"::text AS "amountTVA", f."MontantTTC"::text AS "amountTTC", f."DateEcheance"::text AS "dueDate",
        f."EST_Reglement" AS "settled", se."DateDebut"::text AS "seasonStart", se."DateFin"::text AS "seasonEnd",
        ${STRUCTURE_COLUMNS},
        coalesce(u."CT_Prenom", ta."CT_Prenom") AS "correspondentFirstName",
        coalesce(u."CT_Nom", ta."CT_Nom") AS "correspondentLastName",
        coalesce(u."CT_Email", ta."CT_Email") AS "correspondentEmail",
        coalesce(u."CT_Telephone", ta."CT_Telephone") AS "correspondentPhone",
        CASE WHEN u.id IS NULL THEN ta."Adresse1" ELSE ua."Adresse1" END AS "correspondentLine1",
        CASE WHEN u.id IS NULL THEN NULL ELSE ua."Adresse2" END AS "correspondentLine2",
        CASE WHEN u.id IS NULL THEN ta."CodePostal" ELSE ua."CodePostal" END AS "correspondentPostalCode",
        CASE WHEN u.id IS NULL THEN ta."Ville" ELSE ua."Ville" END AS "correspondentCity",
        ${lines} AS "lines"
     FROM "MKP_FluxFinancier" f
     JOIN "FEDE_Saison" se ON se.id = f."ID_Saison"
     JOIN "STR_Structure" s ON s.id = f."ID_Structure"
     LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
     LEFT JOIN "UTI_Utilisateur" u ON u.id = s."ID_Correspondant"
     -- The correspondent's own postal address (issue 16), the newest.
     LEFT JOIN LATERAL (
       SELECT ad."Adresse1", ad."Adresse2", ad."CodePostal", ad."Ville" FROM "ADR_Adresse" ad
        WHERE ad."ID_Utilisateur" = u.id ORDER BY ad.id DESC LIMIT 1
     ) ua ON TRUE
     -- No correspondent yet (a structure just affiliated): the one of its temporary
     -- affiliation structure, linked to it or found by its name (SPEC.md section 7).
     -- Only read when u is absent, so every correspondent field comes from one source.
     LEFT JOIN LATERAL (
       SELECT t."CT_Prenom", t."CT_Nom", t."CT_Email", t."CT_Telephone", t."Adresse1", t."CodePostal", t."Ville"
         FROM "STR_AffiliationTemporaire" t
        WHERE u.id IS NULL
          AND (t."ID_Structure" = s.id
               OR (lower(t."NomStructure") = lower(s."NomStructure") AND t."ID_Federation" = s."ID_Federation"))
        ORDER BY t."ID_Structure" = s.id DESC NULLS LAST, t.id DESC
        LIMIT 1
     ) ta ON TRUE
     WHERE f.id = $1 AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)}`,
    params,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    flux: {
      id: row.id,
      name: row.name,
      createdAt: new Date(row.createdAt),
      seasonId: row.seasonId,
      categoryId: row.categoryId,
      isDebit: row.isDebit,
      amountHT: toCents(row.amountHT),
      amountTVA: toCents(row.amountTVA),
      amountTTC: toCents(row.amountTTC),
      dueDate: row.dueDate,
      settled: row.settled,
    },
    lines: (row.lines ?? []).map((line) => ({
      label: line.label,
      unitPrice: toCents(line.unitPrice),
      quantity: line.quantity,
      amount: toCents(line.amount),
      tarif: line.tarifName === null ? null : { name: line.tarifName, categoryId: line.tarifCategoryId ?? 0 },
    })),
    structure: toStructure(row),
    correspondent:
      row.correspondentLastName === null
        ? null
        : {
            firstName: row.correspondentFirstName ?? '',
            lastName: row.correspondentLastName,
            email: row.correspondentEmail,
            phone: row.correspondentPhone,
            address: toAddress({
              line1: row.correspondentLine1,
              line2: row.correspondentLine2,
              postalCode: row.correspondentPostalCode,
              city: row.correspondentCity,
            }),
          },
    season: { start: row.seasonStart, end: row.seasonEnd },
  };
}

/** The seller: the national head office (structure 1318), its address and its latest valid RIB. */
export async function findHeadOffice(
  database: Database,
): Promise<{ structure: DocumentStructure; bank: BankAccount | null } | null> {
  const rows = await database.query<StructureRow & { iban: string | null; bic: string | null }>(
    `SELECT ${STRUCTURE_COLUMNS}, r."IBAN" AS "iban", r."BIC" AS "bic"
     FROM "STR_Structure" s
     LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
     LEFT JOIN LATERAL (
       SELECT "IBAN", "BIC" FROM "STR_StructureRib" WHERE "ID_Structure" = s.id AND "EST_Valide" ORDER BY id DESC LIMIT 1
     ) r ON TRUE
     WHERE s.id = $1`,
    [HEAD_OFFICE_STRUCTURE_ID],
  );
  const row = rows[0];
  if (!row) return null;
  return { structure: toStructure(row), bank: row.iban ? { iban: row.iban, bic: row.bic } : null };
}

function toAddress(address: DocumentAddress): DocumentAddress | null {
  return [address.line1, address.line2, address.postalCode, address.city].some((part) => part !== null)
    ? address
    : null;
}

function toStructure(row: StructureRow): DocumentStructure {
  return {
    id: row.structureId,
    name: row.structureName,
    federalCode: row.federalCode,
    siren: row.siren,
    email: row.structureEmail,
    phone: row.structurePhone,
    address: toAddress({ line1: row.line1, line2: row.line2, postalCode: row.postalCode, city: row.city }),
  };
}

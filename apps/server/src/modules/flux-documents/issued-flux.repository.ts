import {
  settlementInstant,
  type BankAccount,
  type DocumentLine,
  type DocumentPerson,
  type DocumentStructure,
  type InvoiceInput,
  type InvoiceReference,
  type StatementInput,
} from '@gdf/domain';
import { stripHiddenCharactersDeep } from '@gdf/file-formats';
import type { Database } from '../../db/database';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

/** A flux's documents' input as frozen at issuance (MKP_FluxEmission), never today's data. */
export interface IssuedFlux {
  issuedAt: Date;
  invoice: InvoiceInput;
  statement: StatementInput;
}

/** A detail row of an issued flux (immutable once issued), its tarif by id. */
interface FrozenLine {
  label: string;
  unitPrice: number | string;
  quantity: number;
  amount: number | string;
  tarifId: number | null;
}

interface FrozenRow {
  issuedAt: Date | string | null;
  libelle: string;
  dateFlux: Date | string;
  saison: number;
  debutPeriode: string;
  finPeriode: string;
  categorie: number;
  debit: boolean;
  regle: boolean;
  ht: string | number;
  tva: string | number;
  ttc: string | number;
  echeance: string | null;
  dernierReglement: Date | string | null;
  creationReglee: Date | string | null;
  fluxFacture: number | null;
  saisonFacture: number | null;
  fluxOrigine: number | null;
  saisonOrigine: number | null;
  dateLot: string | null;
  vendeur: { structure: DocumentStructure; bank: BankAccount | null; creditorIdentifier: string } | null;
  acheteur: { structure: DocumentStructure; mandateReference: string | null } | null;
  correspondant: DocumentPerson | null;
  lignes: FrozenLine[] | null;
  tarifs: Record<string, NonNullable<DocumentLine['tarif']>> | null;
}

/**
 * The caller's scope is checked on the flux as it stands (who may see it), the content is
 * the frozen one: `null` when the flux does not exist or is out of scope, `'not-issued'`
 * when the backfill has not reached it yet.
 */
export async function findIssuedFlux(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  fluxId: number,
): Promise<IssuedFlux | 'not-issued' | null> {
  const params: unknown[] = [fluxId];
  const [row] = await database.query<FrozenRow>(
    `SELECT e."Z_DateCreation" AS "issuedAt", e."Libelle" AS libelle, e."DateFlux" AS "dateFlux", e."ID_Saison" AS saison,
        e."DebutPeriode"::text AS "debutPeriode", e."FinPeriode"::text AS "finPeriode", e."ID_CategoryFlux" AS categorie,
        e."EST_Debit" AS debit, e."EST_Reglement" AS regle, e."CentimesHT" AS ht, e."CentimesTVA" AS tva,
        e."CentimesTTC" AS ttc, e."DateEcheance"::text AS echeance, e."DateDernierReglement" AS "dernierReglement",
        e."DateCreationReglee" AS "creationReglee", e."ID_FluxFacture" AS "fluxFacture",
        e."ID_SaisonFacture" AS "saisonFacture", e."ID_FluxOrigine" AS "fluxOrigine",
        e."ID_SaisonOrigine" AS "saisonOrigine", e."DatePrelevementLot"::text AS "dateLot",
        v."Donnees" AS vendeur, b."Donnees" AS acheteur, c."Donnees" AS correspondant, ta."Donnees" AS tarifs,
        (SELECT json_agg(json_build_object('label', d."NomFluxFinancierDetail", 'unitPrice', (d."PrixUnitaire" * 100)::bigint,
            'quantity', d."Quantite", 'amount', (d."MontantHT" * 100)::bigint, 'tarifId', d."ID_Tarif") ORDER BY d.id)
           FROM (SELECT * FROM "MKP_FluxFinancierDetail" WHERE "ID_FluxFinancier" = f.id ORDER BY id LIMIT e."NbLignes") d
        ) AS lignes
       FROM "MKP_FluxFinancier" f
       LEFT JOIN "MKP_FluxEmission" e ON e."ID_FluxFinancier" = f.id
       LEFT JOIN "DOC_DonneeFigee" v ON v.id = e."ID_Vendeur"
       LEFT JOIN "DOC_DonneeFigee" b ON b.id = e."ID_Acheteur"
       LEFT JOIN "DOC_DonneeFigee" c ON c.id = e."ID_Correspondant"
       LEFT JOIN "DOC_DonneeFigee" ta ON ta.id = e."ID_Tarifs"
      WHERE f.id = $1 AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)}`,
    params,
  );
  if (!row) return null;
  if (row.issuedAt === null || !row.vendeur || !row.acheteur) return 'not-issued';
  // R-SEC-17: every text the facture, avoir, avis, relevé and their Factur-X XML print
  // (names, addresses, labels, correspondent, RIB) without bidi or zero-width characters.
  return stripHiddenCharactersDeep(toIssuedFlux(fluxId, row, row.vendeur, row.acheteur));
}

function toIssuedFlux(
  fluxId: number,
  row: FrozenRow,
  seller: NonNullable<FrozenRow['vendeur']>,
  buyer: NonNullable<FrozenRow['acheteur']>,
): IssuedFlux {
  const flux = {
    id: fluxId,
    name: row.libelle,
    createdAt: new Date(row.dateFlux),
    seasonId: row.saison,
    categoryId: row.categorie,
    isDebit: row.debit,
    amountHT: Number(row.ht),
    amountTVA: Number(row.tva),
    amountTTC: Number(row.ttc),
    dueDate: row.echeance,
    settled: row.regle,
  };
  const reference = (id: number | null, seasonId: number | null): InvoiceReference | null =>
    id === null || seasonId === null ? null : { id, seasonId };
  return {
    issuedAt: new Date(row.issuedAt!),
    statement: { flux, structure: buyer.structure },
    invoice: {
      flux,
      lines: (row.lignes ?? []).map((line) => ({
        label: line.label,
        unitPrice: Number(line.unitPrice),
        quantity: line.quantity,
        amount: Number(line.amount),
        tarif: line.tarifId === null ? null : (row.tarifs?.[String(line.tarifId)] ?? null),
      })),
      buyer: buyer.structure,
      correspondent: row.correspondant,
      seller: seller.structure,
      sellerBank: seller.bank,
      season: { start: row.debutPeriode, end: row.finPeriode },
      settledAt: settlementInstant(toDate(row.dernierReglement), toDate(row.creationReglee)),
      correctedInvoice: reference(row.fluxFacture, row.saisonFacture),
      relaunchOf: reference(row.fluxOrigine, row.saisonOrigine),
      directDebit: {
        mandateReference: buyer.mandateReference,
        creditorIdentifier: seller.creditorIdentifier,
        batchCollectionDate: row.dateLot,
      },
    },
  };
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

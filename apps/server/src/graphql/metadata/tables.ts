import type { Table } from 'drizzle-orm';
import * as schema from '../../db/schema/index';
import { resteDuSql, settledAmountSql } from '../../db/reste-du-sql';
import { array, object, tableMeta, type TableMeta, type TableName, type TableSource } from './table-meta';

export type { ColumnMeta, RelationMeta, ScalarName, TableMeta, TableName } from './table-meta';

/**
 * The whitelist the GraphQL API is generated and compiled from: tables, columns (with
 * their GraphQL scalar) and relations. No identifier reaches SQL unless it is listed here.
 * Columns, their types and nullability come from the Drizzle schema (db/schema), the one
 * definition of the data model; this file only says which of them GraphQL reads.
 * Drizzle table -> GraphQL metadata; the table key is its SQL name.
 */
export const TABLE_SOURCES: { readonly [Name in TableName]: TableSource<(typeof schema)[Name]> } = {
  MKP_FluxFinancier: {
    table: schema.MKP_FluxFinancier,
    description: 'Flux financiers (licences, assurances, affiliations, factures, prélèvements...)',
    root: true,
    large: true,
    // The balance rule's figures for the search summary (R-BAL-01, R-BAL-03).
    computedSums: { ResteDu: resteDuSql, MontantRegle: settledAmountSql },
    columns: {
      id: 'read',
      NomFluxFinancier: 'read',
      Z_DateCreation: 'read',
      MontantHT: 'read',
      MontantTVA: 'read',
      MontantTTC: 'read',
      EST_Debit: 'read',
      EST_Reglement: 'read',
      ID_CategoryFlux: 'read',
      ID_FluxFinancierDebit: 'read',
      ID_FluxFinancierRelance: 'read',
      ID_Saison: 'read',
      ID_Structure: 'read',
      ID_Traitement: 'read',
      ID_Utilisateur: 'read',
      DateEcheance: 'read',
      // R-FLUX-09: the day the flux was settled (bank booking day or the day it was marked paid).
      DateReglement: 'read',
      // The bank entry whose reconciliation settled it: the bank statements' routes show it.
      ID_EcritureBancaire: 'hidden',
    },
    relations: {
      STR_Structure: object('STR_Structure', 'ID_Structure'),
      UTI_Utilisateur: object('UTI_Utilisateur', 'ID_Utilisateur'),
      FEDE_Saison: object('FEDE_Saison', 'ID_Saison'),
      MKP_CategoryFlux: object('MKP_CategoryFlux', 'ID_CategoryFlux'),
      MKP_FluxFinancierDetail: array('MKP_FluxFinancierDetail', 'ID_FluxFinancier'),
      // The bank's reject or return of a direct debit (R-RET-02): at most one per flux.
      MKP_RetourPrelevement: object('MKP_RetourPrelevement', 'id', 'ID_FluxFinancier'),
    },
  },
  MKP_FluxFinancierDetail: {
    table: schema.MKP_FluxFinancierDetail,
    description: "Lignes de détail d'un flux financier",
    root: true,
    large: true,
    columns: {
      id: 'read',
      ID_FluxFinancier: 'read',
      NomFluxFinancierDetail: 'read',
      PrixUnitaire: 'read',
      Quantite: 'read',
      MontantHT: 'read',
      MontantTTC: 'read',
      EST_Debit: 'read',
      ID_Tarif: 'read',
      Z_DateCreation: 'read',
    },
    relations: { MKP_FluxFinancier: object('MKP_FluxFinancier', 'ID_FluxFinancier') },
  },
  FEDE_Saison: {
    table: schema.FEDE_Saison,
    description: 'Saisons (id = année de fin : 2021-2022 -> 2022)',
    root: true,
    columns: {
      id: 'read',
      NomSaison: 'read',
      NomSaisonShort: 'read',
      DateDebut: 'read',
      DateFin: 'read',
      EST_SaisonCourante: 'read',
    },
    relations: {},
  },
  STR_Structure: {
    table: schema.STR_Structure,
    description: 'Structures : clubs, ligues, comités, siège fédéral',
    root: true,
    columns: {
      id: 'read',
      NomStructure: 'read',
      ID_CodeFederal: 'read',
      ID_TypeStructure: 'read',
      ID_Federation: 'read',
      ID_Adresse: 'read',
      ID_Departement: 'read',
      ID_Correspondant: 'read',
      EST_Bloquee: 'read',
      CT_Email: 'read',
      // Served by GET /api/structures/:id/email-facturation with the structure's scope (R-MAIL-07).
      CT_EmailFacturation: 'hidden',
      CT_Telephone: 'read',
      SIREN: 'read',
      Z_DateCreation: 'read',
    },
    relations: {
      ADR_Adresse: object('ADR_Adresse', 'ID_Adresse'),
      NomCorrespondant: object('UTI_Utilisateur', 'ID_Correspondant'),
      STR_StructureType: object('STR_StructureType', 'ID_TypeStructure'),
    },
  },
  STR_AffiliationTemporaire: {
    table: schema.STR_AffiliationTemporaire,
    description:
      "Structures temporaires d'affiliation : demandes d'affiliation, cherchées par nom, jusqu'à la création de la structure",
    root: true,
    columns: {
      id: 'read',
      NomStructure: 'read',
      ID_TypeStructure: 'read',
      ID_Federation: 'read',
      ID_Saison: 'read',
      ID_Structure: 'read',
      CT_Prenom: 'read',
      CT_Nom: 'read',
      CT_Email: 'read',
      CT_Telephone: 'read',
      Adresse1: 'read',
      CodePostal: 'read',
      Ville: 'read',
      Z_DateCreation: 'read',
    },
    relations: {
      STR_StructureType: object('STR_StructureType', 'ID_TypeStructure'),
      FEDE_Saison: object('FEDE_Saison', 'ID_Saison'),
      STR_Structure: object('STR_Structure', 'ID_Structure'),
    },
  },
  UTI_Utilisateur: {
    table: schema.UTI_Utilisateur,
    description: 'Utilisateurs (licenciés) ; lisibles seulement à travers un flux ou une structure visibles',
    root: false,
    columns: {
      id: 'read',
      CT_Nom: 'read',
      CT_Prenom: 'read',
      LicenceNumero: 'read',
      CT_Email: 'read',
      CT_Telephone: 'read',
      Z_DateCreation: 'hidden',
    },
    relations: { ADR_Adresse: array('ADR_Adresse', 'ID_Utilisateur') },
  },
  ADR_Adresse: {
    table: schema.ADR_Adresse,
    description: 'Adresses postales',
    root: false,
    columns: {
      id: 'read',
      Adresse1: 'read',
      Adresse2: 'read',
      CodePostal: 'read',
      Ville: 'read',
      Pays: 'read',
      // Whose home address it is: read by the scope rule (scope-rules.ts), not by clients.
      ID_Utilisateur: 'hidden',
      Z_DateCreation: 'hidden',
    },
    relations: {},
  },
  STR_StructureType: {
    table: schema.STR_StructureType,
    description: 'Types de structure (7 = fédération / siège)',
    root: false,
    columns: { id: 'read', NomTypeStructure: 'read' },
    relations: {},
  },
  MKP_CategoryFlux: {
    table: schema.MKP_CategoryFlux,
    description: 'Catégories de flux (4 Facture, 5 Prélèvement SEPA...)',
    root: false,
    columns: { id: 'read', NomCategoryFlux: 'read' },
    relations: {},
  },
  // Read-only and reached only from its flux: what makes a flux 'rejeté' (ADR 0012).
  MKP_RetourPrelevement: {
    table: schema.MKP_RetourPrelevement,
    description: 'Rejets et retours bancaires de prélèvements SEPA (pain.002, camt.054) : un par flux rejeté',
    root: false,
    columns: {
      id: 'read',
      ID_FluxFinancier: 'read',
      ID_ImportRetour: 'read',
      TypeRetour: 'read',
      CodeRaison: 'read',
      DateRetour: 'read',
      MontantRetour: 'read',
      // The bank's transaction reference: matched on import, never shown.
      EndToEndId: 'hidden',
      Z_DateCreation: 'read',
    },
    relations: {},
  },
};

export const TABLES = Object.fromEntries(
  Object.entries(TABLE_SOURCES).map(([name, source]) => [
    name,
    tableMeta(name as TableName, source as TableSource<Table>),
  ]),
) as Record<TableName, TableMeta>;

export const TABLE_LIST: readonly TableMeta[] = Object.values(TABLES);

/** Quotes a whitelisted identifier; anything else is a programming error, never user text. */
export function ident(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Identifiant SQL refusé : ${name}`);
  return `"${name}"`;
}

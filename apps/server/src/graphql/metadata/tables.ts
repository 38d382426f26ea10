/**
 * The whitelist the GraphQL API is generated and compiled from: tables, columns (with
 * their GraphQL scalar) and relations. No identifier reaches SQL unless it is listed here.
 */
export type ScalarName = 'Int' | 'String' | 'Boolean' | 'numeric' | 'timestamptz' | 'date';

export interface ColumnMeta {
  type: ScalarName;
  nullable: boolean;
}

export interface RelationMeta {
  /** object: at most one row (local column -> remote key); array: rows whose remote column points back. */
  kind: 'object' | 'array';
  target: TableName;
  localColumn: string;
  remoteColumn: string;
}

export interface TableMeta {
  name: TableName;
  description: string;
  columns: Record<string, ColumnMeta>;
  relations: Record<string, RelationMeta>;
  /** Whether the table has root query fields (`<t>`, `<t>_by_pk`, `<t>_aggregate`). */
  root: boolean;
  /** Millions of rows: a relation filter on it must stay a correlated EXISTS (see where.ts). */
  large?: boolean;
}

export type TableName =
  | 'MKP_FluxFinancier'
  | 'MKP_FluxFinancierDetail'
  | 'FEDE_Saison'
  | 'STR_Structure'
  | 'STR_AffiliationTemporaire'
  | 'UTI_Utilisateur'
  | 'ADR_Adresse'
  | 'STR_StructureType'
  | 'MKP_CategoryFlux'
  | 'MKP_RetourPrelevement';

const col = (type: ScalarName, nullable = false): ColumnMeta => ({ type, nullable });
const object = (target: TableName, localColumn: string, remoteColumn = 'id'): RelationMeta => ({
  kind: 'object',
  target,
  localColumn,
  remoteColumn,
});
const array = (target: TableName, remoteColumn: string, localColumn = 'id'): RelationMeta => ({
  kind: 'array',
  target,
  localColumn,
  remoteColumn,
});

export const TABLES: Record<TableName, TableMeta> = {
  MKP_FluxFinancier: {
    name: 'MKP_FluxFinancier',
    description: 'Flux financiers (licences, assurances, affiliations, factures, prélèvements...)',
    root: true,
    large: true,
    columns: {
      id: col('Int'),
      NomFluxFinancier: col('String'),
      Z_DateCreation: col('timestamptz'),
      MontantHT: col('numeric'),
      MontantTVA: col('numeric'),
      MontantTTC: col('numeric'),
      EST_Debit: col('Boolean'),
      EST_Reglement: col('Boolean'),
      ID_CategoryFlux: col('Int'),
      ID_FluxFinancierDebit: col('Int', true),
      ID_FluxFinancierRelance: col('Int', true),
      ID_Saison: col('Int'),
      ID_Structure: col('Int'),
      ID_Traitement: col('Int', true),
      ID_Utilisateur: col('Int', true),
      DateEcheance: col('date', true),
      // R-FLUX-09: the day the flux was settled (bank booking day or the day it was marked paid).
      DateReglement: col('date', true),
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
    name: 'MKP_FluxFinancierDetail',
    description: "Lignes de détail d'un flux financier",
    root: true,
    large: true,
    columns: {
      id: col('Int'),
      ID_FluxFinancier: col('Int'),
      NomFluxFinancierDetail: col('String'),
      PrixUnitaire: col('numeric'),
      Quantite: col('Int'),
      MontantHT: col('numeric'),
      MontantTTC: col('numeric'),
      EST_Debit: col('Boolean'),
      ID_Tarif: col('Int', true),
      Z_DateCreation: col('timestamptz'),
    },
    relations: { MKP_FluxFinancier: object('MKP_FluxFinancier', 'ID_FluxFinancier') },
  },
  FEDE_Saison: {
    name: 'FEDE_Saison',
    description: 'Saisons (id = année de fin : 2021-2022 -> 2022)',
    root: true,
    columns: {
      id: col('Int'),
      NomSaison: col('String'),
      NomSaisonShort: col('String'),
      DateDebut: col('date'),
      DateFin: col('date'),
      EST_SaisonCourante: col('Boolean'),
    },
    relations: {},
  },
  STR_Structure: {
    name: 'STR_Structure',
    description: 'Structures : clubs, ligues, comités, siège fédéral',
    root: true,
    columns: {
      id: col('Int'),
      NomStructure: col('String'),
      ID_CodeFederal: col('String', true),
      ID_TypeStructure: col('Int'),
      ID_Federation: col('Int', true),
      ID_Adresse: col('Int', true),
      ID_Departement: col('Int', true),
      ID_Correspondant: col('Int', true),
      EST_Bloquee: col('Boolean'),
      CT_Email: col('String', true),
      CT_Telephone: col('String', true),
      SIREN: col('String', true),
      Z_DateCreation: col('timestamptz'),
    },
    relations: {
      ADR_Adresse: object('ADR_Adresse', 'ID_Adresse'),
      NomCorrespondant: object('UTI_Utilisateur', 'ID_Correspondant'),
      STR_StructureType: object('STR_StructureType', 'ID_TypeStructure'),
    },
  },
  STR_AffiliationTemporaire: {
    name: 'STR_AffiliationTemporaire',
    description:
      "Structures temporaires d'affiliation : demandes d'affiliation, cherchées par nom, jusqu'à la création de la structure",
    root: true,
    columns: {
      id: col('Int'),
      NomStructure: col('String'),
      ID_TypeStructure: col('Int'),
      ID_Federation: col('Int'),
      ID_Saison: col('Int'),
      ID_Structure: col('Int', true),
      CT_Prenom: col('String'),
      CT_Nom: col('String'),
      CT_Email: col('String', true),
      CT_Telephone: col('String', true),
      Adresse1: col('String', true),
      CodePostal: col('String', true),
      Ville: col('String', true),
      Z_DateCreation: col('timestamptz'),
    },
    relations: {
      STR_StructureType: object('STR_StructureType', 'ID_TypeStructure'),
      FEDE_Saison: object('FEDE_Saison', 'ID_Saison'),
      STR_Structure: object('STR_Structure', 'ID_Structure'),
    },
  },
  UTI_Utilisateur: {
    name: 'UTI_Utilisateur',
    description: 'Utilisateurs (licenciés) ; lisibles seulement à travers un flux ou une structure visibles',
    root: false,
    columns: {
      id: col('Int'),
      CT_Nom: col('String'),
      CT_Prenom: col('String'),
      LicenceNumero: col('Int', true),
      CT_Email: col('String', true),
      CT_Telephone: col('String', true),
    },
    relations: { ADR_Adresse: array('ADR_Adresse', 'ID_Utilisateur') },
  },
  ADR_Adresse: {
    name: 'ADR_Adresse',
    description: 'Adresses postales',
    root: false,
    columns: {
      id: col('Int'),
      Adresse1: col('String', true),
      Adresse2: col('String', true),
      CodePostal: col('String', true),
      Ville: col('String', true),
      Pays: col('String'),
    },
    relations: {},
  },
  STR_StructureType: {
    name: 'STR_StructureType',
    description: 'Types de structure (7 = fédération / siège)',
    root: false,
    columns: { id: col('Int'), NomTypeStructure: col('String') },
    relations: {},
  },
  MKP_CategoryFlux: {
    name: 'MKP_CategoryFlux',
    description: 'Catégories de flux (4 Facture, 5 Prélèvement SEPA...)',
    root: false,
    columns: { id: col('Int'), NomCategoryFlux: col('String') },
    relations: {},
  },
  // Read-only and reached only from its flux: what makes a flux 'rejeté' (ADR 0012).
  MKP_RetourPrelevement: {
    name: 'MKP_RetourPrelevement',
    description: 'Rejets et retours bancaires de prélèvements SEPA (pain.002, camt.054) : un par flux rejeté',
    root: false,
    columns: {
      id: col('Int'),
      ID_FluxFinancier: col('Int'),
      ID_ImportRetour: col('Int'),
      TypeRetour: col('String'),
      CodeRaison: col('String', true),
      DateRetour: col('date'),
      MontantRetour: col('numeric', true),
      Z_DateCreation: col('timestamptz'),
    },
    relations: {},
  },
};

export const TABLE_LIST: readonly TableMeta[] = Object.values(TABLES);

/** Quotes a whitelisted identifier; anything else is a programming error, never user text. */
export function ident(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Identifiant SQL refusé : ${name}`);
  return `"${name}"`;
}

import type { Database } from '../../db/database';

export interface StructureSummary {
  id: number;
  NomStructure: string;
  ID_CodeFederal: string | null;
}

/** A department with the ligue and the comité it belongs to (reference data). */
export interface DepartementWithStructures {
  id: number;
  CodeDepartement: string;
  NomDepartement: string;
  ligue: StructureSummary | null;
  comite: StructureSummary | null;
}

interface DepartementRow {
  id: number;
  CodeDepartement: string;
  NomDepartement: string;
  ligueId: number | null;
  ligueNom: string | null;
  ligueCode: string | null;
  comiteId: number | null;
  comiteNom: string | null;
  comiteCode: string | null;
}

const SELECT_DEPARTEMENT = `
  SELECT d.id, d."CodeDepartement", d."NomDepartement",
         l.id AS "ligueId", l."NomStructure" AS "ligueNom", l."ID_CodeFederal" AS "ligueCode",
         c.id AS "comiteId", c."NomStructure" AS "comiteNom", c."ID_CodeFederal" AS "comiteCode"
    FROM "ADR_Departement" d
    LEFT JOIN "STR_Structure" l ON l.id = d."ID_Ligue"
    LEFT JOIN "STR_Structure" c ON c.id = d."ID_Comite"`;

function toDepartement(row: DepartementRow | undefined): DepartementWithStructures | null {
  if (!row) return null;
  const summary = (id: number | null, name: string | null, code: string | null) =>
    id === null ? null : { id, NomStructure: name ?? '', ID_CodeFederal: code };
  return {
    id: row.id,
    CodeDepartement: row.CodeDepartement,
    NomDepartement: row.NomDepartement,
    ligue: summary(row.ligueId, row.ligueNom, row.ligueCode),
    comite: summary(row.comiteId, row.comiteNom, row.comiteCode),
  };
}

export async function findDepartementById(database: Database, id: number): Promise<DepartementWithStructures | null> {
  return toDepartement((await database.query<DepartementRow>(`${SELECT_DEPARTEMENT} WHERE d.id = $1`, [id]))[0]);
}

export async function findDepartementByCode(
  database: Database,
  code: string,
): Promise<DepartementWithStructures | null> {
  const rows = await database.query<DepartementRow>(`${SELECT_DEPARTEMENT} WHERE d."CodeDepartement" = $1`, [code]);
  return toDepartement(rows[0]);
}

const structureSummarySchema = {
  type: 'object',
  nullable: true,
  properties: {
    id: { type: 'integer' },
    NomStructure: { type: 'string' },
    ID_CodeFederal: { type: 'string', nullable: true },
  },
  required: ['id', 'NomStructure', 'ID_CodeFederal'],
} as const;

/** OpenAPI schema of DepartementWithStructures. */
export const departementResponseSchema = {
  type: 'object',
  description: 'Un département, avec sa ligue et son comité (null si absents)',
  properties: {
    id: { type: 'integer' },
    CodeDepartement: { type: 'string', example: '69' },
    NomDepartement: { type: 'string', example: 'Rhône' },
    ligue: structureSummarySchema,
    comite: structureSummarySchema,
  },
  required: ['id', 'CodeDepartement', 'NomDepartement', 'ligue', 'comite'],
} as const;

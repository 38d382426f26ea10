import type { Database } from '../../db/database';
import type { DepartementWithStructures } from './departement-response';

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

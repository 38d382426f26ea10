// What the department calls answer, and its OpenAPI schema (also used by the address calls).

interface StructureSummary {
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

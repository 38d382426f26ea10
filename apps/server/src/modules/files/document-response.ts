import type { DocumentRow } from './document.repository';

/** What the document routes return: metadata only; the bytes are at `url`. */
export interface DocumentResponse {
  id: number;
  ID_TypeDocument: number;
  SlugTypeDocument: string;
  ID_Structure: number | null;
  ID_Saison: number | null;
  NomFichier: string;
  TypeMime: string;
  Taille: number;
  Sha256: string | null;
  Z_DateCreation: Date;
  url: string;
}

const documentFileUrl = (id: number) => `/api/files/structure_document/${id}`;

export function toDocumentResponse(row: DocumentRow): DocumentResponse {
  return {
    id: row.id,
    ID_TypeDocument: row.ID_TypeDocument,
    SlugTypeDocument: row.SlugTypeDocument,
    ID_Structure: row.ID_Structure,
    ID_Saison: row.ID_Saison,
    NomFichier: row.NomFichier,
    TypeMime: row.TypeMime,
    Taille: row.Taille,
    Sha256: row.Sha256,
    Z_DateCreation: row.Z_DateCreation,
    url: documentFileUrl(row.id),
  };
}

const nullableInteger = { type: 'integer', nullable: true } as const;

/** OpenAPI schema of DocumentResponse (also drives its JSON serialisation). */
export const documentResponseSchema = {
  type: 'object',
  description: 'Un document (DOC_Document) ; ses octets sont servis par `url`.',
  properties: {
    id: { type: 'integer' },
    ID_TypeDocument: { type: 'integer' },
    SlugTypeDocument: { type: 'string', example: 'avatar_structure' },
    ID_Structure: nullableInteger,
    ID_Saison: nullableInteger,
    NomFichier: { type: 'string' },
    TypeMime: { type: 'string', example: 'image/png' },
    Taille: { type: 'integer', description: 'Taille en octets' },
    Sha256: { type: 'string', nullable: true, description: 'Somme de contrôle SHA-256 des octets' },
    Z_DateCreation: { type: 'string', format: 'date-time' },
    url: { type: 'string', example: '/api/files/structure_document/12' },
  },
  required: ['id', 'ID_TypeDocument', 'SlugTypeDocument', 'NomFichier', 'TypeMime', 'Taille', 'Z_DateCreation', 'url'],
} as const;

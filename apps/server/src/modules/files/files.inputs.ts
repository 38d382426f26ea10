import { z } from 'zod';
import { ALLOWED_MIME_TYPES, normaliseMimeType } from '../../lib/file-type';
import { documentTypeSlug, seasonPath, structurePath } from '../../lib/resource-paths';

/** The type the client says the file is; it must also be what the bytes are. */
const fileType = z
  .string()
  .max(100)
  .meta({ enum: [...ALLOWED_MIME_TYPES], description: 'Type MIME déclaré ; les octets doivent le confirmer.' })
  .transform(normaliseMimeType)
  .pipe(z.enum(ALLOWED_MIME_TYPES, { error: `doit être l'un de : ${ALLOWED_MIME_TYPES.join(', ')}` }));

const documentFields = {
  fileType,
  structure: structurePath,
  season: seasonPath.nullable().optional(),
  documentType: documentTypeSlug,
};

/** The text fields of POST /api/files (multipart), beside the `file` part. */
export const uploadFieldsSchema = z.object(documentFields);
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** POST /api/files/create-from-url body. */
export const createFromUrlSchema = z.object({
  fileUrl: z.string().min(1).max(2048),
  ...documentFields,
});

/** Where a document goes: shared by both ways of creating one. */
export interface DocumentTarget {
  declaredType: UploadFields['fileType'];
  structureId: number;
  seasonId: number | null;
  documentType: string;
}

export const toDocumentTarget = (input: UploadFields): DocumentTarget => ({
  declaredType: input.fileType,
  structureId: input.structure,
  seasonId: input.season ?? null,
  documentType: input.documentType,
});

/** A file name safe to store and to put in Content-Disposition: no path, no control characters. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const isUnsafe = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '"<>|:*?'.includes(c);
  const cleaned = [...base]
    .filter((c) => !isUnsafe(c))
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback;
}

import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest, invalidInput } from '../../lib/http-errors';
import { FILE_TOO_LARGE_MESSAGE } from './files.service';

export interface UploadForm {
  fields: Record<string, string | undefined>;
  file: { bytes: Buffer; fileName: string | undefined } | null;
}

/**
 * Reads a multipart form into memory: its text fields and the one `file` part, within
 * the limits given to @fastify/multipart. Empty text fields count as absent, as browsers
 * send unset FormData entries.
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw badRequest('Requête invalide : un formulaire multipart/form-data est attendu.');
  const fields: Record<string, string | undefined> = {};
  let file: UploadForm['file'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file)
          throw badRequest('Requête invalide : un seul fichier est attendu, dans le champ « file ».');
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else if (part.valueTruncated || typeof part.value !== 'string') {
        throw invalidInput([{ path: part.fieldname, message: 'valeur invalide' }]);
      } else {
        fields[part.fieldname] = part.value === '' ? undefined : part.value;
      }
    }
  } catch (error) {
    throw asUploadError(error);
  }
  return { fields, file };
}

/** @fastify/multipart's limit and parse errors, in French and with the right status. */
function asUploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, FILE_TOO_LARGE_MESSAGE, 'payload-too-large');
  if (code === 'FST_FILES_LIMIT') return badRequest('Requête invalide : un seul fichier est attendu.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest('Requête invalide : trop de champs.');
  // Anything else while reading the parts is a malformed (or interrupted) client body.
  return badRequest('Requête invalide : formulaire multipart mal formé.');
}

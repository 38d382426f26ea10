import type { Readable } from 'node:stream';
import { CARD_TOOLTIPS, uploadFileNameProblem, uploadQuotaRefusal, type UploadQuota } from '@gdf/domain';
import type { Database } from '../../db/database';
import { EXTENSION_BY_MIME_TYPE, sniffMimeType } from '../../lib/file-type';
import { HttpError, badRequest, forbidden, invalidInput, notFound } from '../../lib/http-errors';
import { safeFetch, type SafeFetchPolicy } from '../../lib/safe-fetch';
import type { RequestScope } from '../scope/scope';
import { canSeeStructure } from '../scope/can-see-structure';
import { CONTENT_NATURE, insertContent } from '../../db/content-store';
import { openContent } from '../document-store/document-store.service';
import {
  findDocumentById,
  findDocumentTypeId,
  insertDocumentWithAudit,
  lockStructureUploads,
  seasonExists,
  uploadUsageToday,
} from './document.repository';
import { toDocumentResponse, type DocumentResponse } from './document-response';
import { cleanFileName, type DocumentTarget } from './files.inputs';

// The response a document is sent as, read by the structures' modules too.
export { documentResponseSchema, type DocumentResponse } from './document-response';

/** R-SEC-17: a file name that hides how it reads is refused whole, in French, never silently cleaned. */
function refuseHiddenName(fileName: string | undefined, field: 'file' | 'fileUrl'): void {
  const problem = fileName === undefined ? null : uploadFileNameProblem(fileName);
  if (problem) throw invalidInput([{ path: field, message: problem }]);
}

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'Le fichier dépasse la taille maximale autorisée (10 Mo).';

interface StoredFile {
  /** Small files whole, larger ones streamed from the database a slice at a time. */
  body: Buffer | Readable;
  size: number;
  mimeType: string;
  fileName: string;
}

export interface FilesService {
  upload(
    scope: RequestScope,
    target: DocumentTarget,
    file: { bytes: Buffer; fileName: string | undefined },
  ): Promise<DocumentResponse>;
  createFromUrl(scope: RequestScope, target: DocumentTarget, fileUrl: string): Promise<DocumentResponse>;
  /** A document's bytes; 404 when it is missing or out of scope, so existence does not leak. */
  readDocumentFile(scope: RequestScope, documentId: number): Promise<StoredFile>;
}

export function createFilesService(database: Database, urlPolicy: SafeFetchPolicy, quota: UploadQuota): FilesService {
  /** 429 when one more file of `bytes` would pass the structure's day quota. */
  async function checkQuota(queryable: Pick<Database, 'query'>, structureId: number, bytes: number): Promise<void> {
    const refusal = uploadQuotaRefusal(await uploadUsageToday(queryable, structureId), bytes, quota);
    if (refusal) throw new HttpError(429, refusal, 'too-many-requests');
  }

  /**
   * Standing, scope, type, season and quota first: nothing is fetched or stored for a
   * refused request. A blocked structure uploads nothing, as it opens no module.
   */
  async function checkTarget(scope: RequestScope, target: DocumentTarget): Promise<number> {
    if (scope.standing.blocked && !scope.actor.isSuperAdmin) throw forbidden(CARD_TOOLTIPS.blocked);
    if (!(await canSeeStructure(database, scope, target.structureId)))
      throw forbidden("Vous n'avez pas accès à cette structure.");
    const typeId = await findDocumentTypeId(database, target.documentType);
    if (typeId === null) throw badRequest(`Type de document inconnu : ${target.documentType}`);
    if (target.seasonId !== null && !(await seasonExists(database, target.seasonId)))
      throw badRequest('Saison inconnue');
    await checkQuota(database, target.structureId, 0);
    return typeId;
  }

  async function store(
    scope: RequestScope,
    target: DocumentTarget,
    typeId: number,
    file: { bytes: Buffer; fileName: string | undefined },
    audit: { action: string; details: Record<string, unknown> },
  ): Promise<DocumentResponse> {
    if (file.bytes.length === 0) throw badRequest('Le fichier est vide.');
    const actualType = sniffMimeType(file.bytes);
    if (actualType === null)
      throw new HttpError(
        415,
        'Type de fichier non autorisé : PDF, PNG, JPEG, GIF ou WEBP uniquement.',
        'unsupported-media-type',
      );
    if (actualType !== target.declaredType) {
      throw new HttpError(
        415,
        `Le contenu du fichier (${actualType}) ne correspond pas au type déclaré (${target.declaredType}).`,
        'unsupported-media-type',
      );
    }
    const fileName = cleanFileName(file.fileName, `document.${EXTENSION_BY_MIME_TYPE[actualType]}`);
    await checkQuota(database, target.structureId, file.bytes.length);
    // Bytes, row and audit in one transaction: a refusal or a failure leaves nothing behind.
    const documentId = await database.transaction(async (transaction) => {
      // Counted again under a per-structure lock: concurrent uploads cannot all pass the quota.
      await lockStructureUploads(transaction, target.structureId);
      await checkQuota(transaction, target.structureId, file.bytes.length);
      const content = await insertContent(transaction, {
        nature: CONTENT_NATURE.upload,
        bytes: file.bytes,
        mimeType: actualType,
      });
      return insertDocumentWithAudit(
        transaction,
        {
          typeId,
          structureId: target.structureId,
          seasonId: target.seasonId,
          userId: scope.actor.userId,
          fileName,
          contentId: content.id,
          mimeType: actualType,
          size: content.size,
        },
        {
          action: audit.action,
          details: {
            ...audit.details,
            NomFichier: fileName,
            TypeMime: actualType,
            Taille: content.size,
            Sha256: content.sha256,
          },
        },
      );
    });
    const row = await findDocumentById(database, documentId);
    if (!row) throw new Error(`DOC_Document ${documentId} introuvable après insertion`);
    return toDocumentResponse(row);
  }

  return {
    async upload(scope, target, file) {
      refuseHiddenName(file.fileName, 'file');
      const typeId = await checkTarget(scope, target);
      return store(scope, target, typeId, file, { action: 'document.upload', details: {} });
    },

    async createFromUrl(scope, target, fileUrl) {
      const typeId = await checkTarget(scope, target);
      const fetched = await safeFetch(fileUrl, { ...urlPolicy, maxBytes: MAX_FILE_BYTES });
      const fileName = decodeSegment(fetched.finalUrl.pathname.split('/').pop());
      refuseHiddenName(fileName, 'fileUrl');
      return store(
        scope,
        target,
        typeId,
        { bytes: fetched.bytes, fileName },
        {
          action: 'document.create_from_url',
          details: { url: fetched.finalUrl.origin + fetched.finalUrl.pathname },
        },
      );
    },

    async readDocumentFile(scope, documentId) {
      const document = await findDocumentById(database, documentId);
      const visible =
        document !== null &&
        (document.ID_Structure === null
          ? scope.unrestricted
          : await canSeeStructure(database, scope, document.ID_Structure));
      if (!document || !visible) throw notFound('Document introuvable');
      const content = document.ID_Contenu === null ? null : await openContent(database, document.ID_Contenu);
      if (!content) throw notFound('Fichier introuvable');
      return { body: content.body, size: content.size, mimeType: document.TypeMime, fileName: document.NomFichier };
    },
  };
}

function decodeSegment(segment: string | undefined): string | undefined {
  try {
    return segment ? decodeURIComponent(segment) : undefined;
  } catch {
    return segment;
  }
}

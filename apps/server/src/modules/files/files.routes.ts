import multipart from '@fastify/multipart';
import { DEFAULT_UPLOAD_QUOTA, type UploadQuota } from '@gdf/domain';
import { stripHiddenCharacters } from '@gdf/file-formats';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { coreApiRoute, openApiSchema } from '../../lib/core-api-route';
import { ALLOWED_MIME_TYPES } from '../../lib/file-type';
import { invalidInput } from '../../lib/http-errors';
import { idParams } from '../../lib/resource-paths';
import type { SafeFetchPolicy } from '../../lib/safe-fetch';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { documentResponseSchema } from './document-response';
import { createFilesService, MAX_FILE_BYTES } from './files.service';
import { createFromUrlSchema, toDocumentTarget, uploadFieldsSchema } from './files.inputs';
import { readUploadForm } from './multipart-upload';

export interface FilesModuleOptions {
  database: Database;
  /** FILE_URL_ALLOWLIST's host names (server.ts, config.ts); none (the default) refuses every URL. */
  urlFetchAllowList?: string[];
  /** Test seams for create-from-url (resolver, one exempt address, limits). */
  urlFetchOverrides?: Omit<SafeFetchPolicy, 'allowedHosts'>;
  /** Per structure and day (UPLOAD_QUOTA_FILES_PER_DAY, UPLOAD_QUOTA_MB_PER_DAY); default 200 files, 200 MB. */
  uploadQuota?: UploadQuota;
}

const TAGS = ['Fichiers'];

export async function registerFilesRoutes(app: FastifyInstance, options: FilesModuleOptions): Promise<void> {
  const { database } = options;
  const allowedHosts = options.urlFetchAllowList ?? [];
  const files = createFilesService(
    database,
    { ...options.urlFetchOverrides, allowedHosts },
    options.uploadQuota ?? DEFAULT_UPLOAD_QUOTA,
  );

  // Encapsulated so the multipart parser and its limits apply to these routes only.
  await app.register(async (scoped) => {
    await scoped.register(multipart, {
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 4096 },
    });

    const uploadFields = openApiSchema(uploadFieldsSchema) as { properties: object; required: string[] };
    scoped.post(
      '/api/files',
      coreApiRoute({
        summary: 'Dépose un fichier (document d’une structure)',
        event: 'document.depot',
        description:
          'Formulaire multipart. Taille maximale 10 Mo ; type vérifié sur les octets (PDF, PNG, JPEG, GIF, WEBP).',
        tags: TAGS,
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          properties: { file: { type: 'string', format: 'binary' }, ...uploadFields.properties },
          required: ['file', ...uploadFields.required],
        },
        response: { 201: documentResponseSchema },
      }),
      async (request, reply) => {
        const scope = await resolveScope(request, database);
        const form = await readUploadForm(request);
        const fields = parseInput(uploadFieldsSchema, form.fields);
        if (!form.file) throw invalidInput([{ path: 'file', message: 'fichier obligatoire' }]);
        return reply.status(201).send(await files.upload(scope, toDocumentTarget(fields), form.file));
      },
    );

    scoped.post(
      '/api/files/create-from-url',
      coreApiRoute({
        summary: 'Crée un document à partir d’une URL',
        event: 'document.depot_url',
        description:
          'Seuls les hôtes de la liste FILE_URL_ALLOWLIST sont contactés, jamais une adresse privée ou locale.',
        tags: TAGS,
        body: openApiSchema(createFromUrlSchema),
        response: { 201: documentResponseSchema },
      }),
      async (request, reply) => {
        const input = parseInput(createFromUrlSchema, request.body);
        const scope = await resolveScope(request, database);
        return reply.status(201).send(await files.createFromUrl(scope, toDocumentTarget(input), input.fileUrl));
      },
    );

    scoped.get(
      '/api/files/structure_document/:id',
      coreApiRoute({
        summary: 'Octets d’un document (utilisable comme source d’image)',
        tags: TAGS,
        params: openApiSchema(idParams),
        description: 'La page lit les octets avec le jeton en en-tête et les montre par une URL blob:.',
        response: {
          200: {
            description: 'Le fichier, avec son type de contenu',
            content: Object.fromEntries(
              ALLOWED_MIME_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
            ),
          },
        },
      }),
      async (request, reply) => {
        const { id } = parseInput(idParams, request.params);
        const scope = await resolveScope(request, database);
        const file = await files.readDocumentFile(scope, id);
        return reply
          .header('content-type', file.mimeType)
          .header('content-disposition', inlineDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store') // a structure's documents are private data
          .header('content-length', file.size)
          .send(file.body);
      },
    );
  });
}

/**
 * RFC 6266: an ASCII fallback name plus the exact UTF-8 one, without bidi or zero-width
 * characters (R-SEC-17: a name stored before uploads refused them must not read otherwise).
 */
function inlineDisposition(storedName: string): string {
  const fileName = stripHiddenCharacters(storedName);
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'document';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

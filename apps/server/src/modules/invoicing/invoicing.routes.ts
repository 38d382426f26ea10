import {
  AVOIRS_URL,
  BULK_PREVIEW_URL,
  BULK_URL,
  DRAFTS_URL,
  INVOICING_TARIFS_URL,
  avoirRequestSchema,
  bulkIssueRequestSchema,
  bulkPreviewRequestSchema,
  draftDeleteQuerySchema,
  draftIssueSchema,
  draftRequestSchema,
  draftUpdateSchema,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { badRequest } from '../../lib/http-errors';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import type { JobRuntime } from '../jobs/job-runtime';
import type { MailService } from '../mail/mail.service';
import { createBulkInvoicing } from './bulk-invoicing';
import { createInvoicingService, type InvoicingSettings } from './invoicing.service';
import { invoicingMessages as m } from './messages';

const NO_STORE = 'private, no-store';

/**
 * 'Création factures' (R-INV-01 to R-INV-10): drafts, their preview and issue, avoirs, bulk
 * invoicing. Routes parse and answer; the services check the module, the grant and the scope.
 */
export function registerInvoicingRoutes(
  app: FastifyInstance,
  database: Database,
  settings: InvoicingSettings,
  jobs?: JobRuntime,
  /** 'Émettre et envoyer' (R-MAIL-09): the e-mail delivery an issued facture is handed to. */
  mail?: MailService,
): void {
  const service = createInvoicingService(database, settings);
  const bulk = createBulkInvoicing(database, jobs, settings.clock);

  app.get(INVOICING_TARIFS_URL, { config: { auth: 'user' } }, async (request) => {
    const scope = await resolveScope(request, database);
    return { tarifs: await service.tarifs(scope) };
  });

  app.get(DRAFTS_URL, { config: { auth: 'user' } }, async (request) => {
    const scope = await resolveScope(request, database);
    return { brouillons: await service.list(scope) };
  });

  app.post(DRAFTS_URL, { config: { auth: 'user', event: 'facture.brouillon' } }, async (request, reply) => {
    const body = parseInput(draftRequestSchema, request.body);
    const scope = await resolveScope(request, database);
    return reply
      .code(201)
      .header('cache-control', NO_STORE)
      .send(await service.create(scope, body));
  });

  app.get(`${DRAFTS_URL}/:id`, { config: { auth: 'user' } }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const scope = await resolveScope(request, database);
    return service.get(scope, id);
  });

  app.put(`${DRAFTS_URL}/:id`, { config: { auth: 'user', event: 'facture.brouillon' } }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(draftUpdateSchema, request.body);
    const scope = await resolveScope(request, database);
    return service.update(scope, id, body);
  });

  app.delete(
    `${DRAFTS_URL}/:id`,
    { config: { auth: 'user', event: 'facture.brouillon.suppression' } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const { version } = parseInput(draftDeleteQuerySchema, request.query);
      const scope = await resolveScope(request, database);
      await service.remove(scope, id, version);
      return reply.code(204).send();
    },
  );

  app.get(`${DRAFTS_URL}/:id/apercu.pdf`, { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const scope = await resolveScope(request, database);
    const { fileName, pdf } = await service.preview(scope, id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .header('cache-control', NO_STORE)
      .send(pdf);
  });

  app.post(
    `${DRAFTS_URL}/:id/emission`,
    { config: { auth: 'user', event: 'facture.emission' } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const { version, envoyer } = parseInput(draftIssueSchema, request.body);
      const scope = await resolveScope(request, database);
      if (envoyer && mail) {
        // R-MAIL-09: 201 when issued now, 200 when the same request had issued and queued it already.
        const { nouveau, ...issued } = await service.issueAndSend(scope, id, version, mail);
        return reply
          .code(nouveau ? 201 : 200)
          .header('cache-control', NO_STORE)
          .send(issued);
      }
      if (envoyer) throw badRequest(m.sendUnavailable);
      return reply
        .code(201)
        .header('cache-control', NO_STORE)
        .send(await service.issue(scope, id, version));
    },
  );

  app.post(AVOIRS_URL, { config: { auth: 'user', event: 'facture.avoir' } }, async (request, reply) => {
    const body = parseInput(avoirRequestSchema, request.body);
    const scope = await resolveScope(request, database);
    return reply
      .code(201)
      .header('cache-control', NO_STORE)
      .send(await service.avoir(scope, body));
  });

  // A preview computes, it writes nothing: not a business event.
  app.post(BULK_PREVIEW_URL, { config: { auth: 'user', event: false } }, async (request) => {
    const body = parseInput(bulkPreviewRequestSchema, request.body);
    const scope = await resolveScope(request, database);
    return bulk.preview(scope, body);
  });

  app.post(BULK_URL, { config: { auth: 'user', event: 'facture.lot' } }, async (request, reply) => {
    const body = parseInput(bulkIssueRequestSchema, request.body);
    const scope = await resolveScope(request, database);
    return reply
      .code(202)
      .header('cache-control', NO_STORE)
      .send(await bulk.start(scope, body));
  });

  app.get(`${BULK_URL}/:id`, { config: { auth: 'user' } }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const scope = await resolveScope(request, database);
    return bulk.lot(scope, id);
  });
}

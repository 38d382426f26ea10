import {
  billingEmailRequestSchema,
  MAIL_BATCH_URL,
  MAIL_SEND_URL,
  mailBatchRequestSchema,
  mailLogQuerySchema,
  mailResendRequestSchema,
  mailSendRequestSchema,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { openApiSchema } from '../../lib/core-api-route';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { jobView } from '../jobs/jobs.service';
import type { MailService } from './mail.service';

/**
 * E-mail delivery of issued documents (R-MAIL-01 to R-MAIL-08): send one (202: queued, the job
 * sends it), resend, send several as one job, the delivery logs of a document and of a
 * structure, and the structure's 'E-mail de facturation'. Nothing here waits for the SMTP server.
 */
export function registerMailRoutes(app: FastifyInstance, database: Database, service: MailService): void {
  const route = (summary: string, extra: object = {}, event?: string) => ({
    config: { auth: 'user' as const, ...(event ? { event } : {}) },
    schema: { summary, tags: ['Envois par e-mail'], ...extra },
    validatorCompiler: () => () => true,
  });
  const params = openApiSchema(idParams);
  const noStore = 'private, no-store';

  app.post(
    MAIL_SEND_URL,
    route('Envoyer un document par e-mail', { body: openApiSchema(mailSendRequestSchema) }, 'email.envoi'),
    async (request, reply) => {
      const body = parseInput(mailSendRequestSchema, request.body);
      const scope = await resolveScope(request, database);
      const answer = await service.send(scope, body);
      return reply
        .code(answer.nouveau ? 202 : 200)
        .header('cache-control', noStore)
        .send(answer);
    },
  );

  app.get(
    MAIL_SEND_URL,
    route('Journal des envois d’un document', { querystring: openApiSchema(mailLogQuerySchema) }),
    async (request, reply) => {
      const query = parseInput(mailLogQuerySchema, request.query);
      const scope = await resolveScope(request, database);
      return reply
        .header('cache-control', noStore)
        .send(await service.documentLog(scope, { type: query.type, id: query.id }));
    },
  );

  app.post(
    `${MAIL_SEND_URL}/:id/renvoi`,
    route('Renvoyer un e-mail', { params, body: openApiSchema(mailResendRequestSchema) }, 'email.renvoi'),
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const { cle } = parseInput(mailResendRequestSchema, request.body);
      const scope = await resolveScope(request, database);
      const answer = await service.resend(scope, id, cle);
      return reply
        .code(answer.nouveau ? 202 : 200)
        .header('cache-control', noStore)
        .send(answer);
    },
  );

  app.post(
    MAIL_BATCH_URL,
    route('Envoyer plusieurs documents par e-mail', { body: openApiSchema(mailBatchRequestSchema) }, 'email.lot'),
    async (request, reply) => {
      const body = parseInput(mailBatchRequestSchema, request.body);
      const scope = await resolveScope(request, database);
      const answer = await service.sendBatch(scope, body);
      return reply
        .code(answer.nouveau ? 202 : 200)
        .header('cache-control', noStore)
        .send({
          traitement: answer.traitement ? jobView(answer.traitement, scope.actor) : null,
          envois: answer.envois,
          sansAdresse: answer.sansAdresse,
          nouveau: answer.nouveau,
        });
    },
  );

  app.get(
    '/api/structures/:id/envois-email',
    route('Journal des envois d’une structure', { params }),
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const scope = await resolveScope(request, database);
      return reply.header('cache-control', noStore).send(await service.structureLog(scope, id));
    },
  );

  app.get(
    '/api/structures/:id/email-facturation',
    route('E-mail de facturation', { params }),
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const scope = await resolveScope(request, database);
      return reply.header('cache-control', noStore).send(await service.billingEmail(scope, id));
    },
  );

  app.patch(
    '/api/structures/:id/email-facturation',
    route(
      'Modifier l’e-mail de facturation',
      { params, body: openApiSchema(billingEmailRequestSchema) },
      'structure.email_facturation',
    ),
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const { email } = parseInput(billingEmailRequestSchema, request.body);
      const scope = await resolveScope(request, database);
      return reply.header('cache-control', noStore).send(await service.updateBillingEmail(scope, id, email));
    },
  );
}

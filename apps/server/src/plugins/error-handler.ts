import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-errors';
import { isApiUrl } from './auth';
import { classifyDatabaseError } from '../db/database-errors';

/** JSON errors { statusCode, error, message, issues? } with French messages; never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const issues = error.issues?.length ? { issues: error.issues } : {};
      return reply
        .status(error.statusCode)
        .send({ statusCode: error.statusCode, error: error.code, message: error.message, ...issues });
    }
    if (error.validation || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 400) {
      return reply
        .status(400)
        .send({ statusCode: 400, error: 'bad-request', message: `Requête invalide : ${error.message}` });
    }
    if (error.statusCode === 413) {
      return reply
        .status(413)
        .send({ statusCode: 413, error: 'payload-too-large', message: 'Contenu trop volumineux.' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        statusCode: 429,
        error: 'too-many-requests',
        message: 'Trop de tentatives, merci de réessayer plus tard.',
      });
    }
    const refusal = classifyDatabaseError(error);
    if (refusal) {
      if (refusal.retryAfterSeconds) reply.header('retry-after', String(refusal.retryAfterSeconds));
      return reply
        .status(refusal.status)
        .send({ statusCode: refusal.status, error: refusal.kind, message: refusal.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ statusCode: error.statusCode, error: 'error', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, error: 'internal', message: 'Oups, une erreur est survenue...' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiUrl(request.url) || request.method !== 'GET') {
      return reply.status(404).send({ statusCode: 404, error: 'not-found', message: 'Ressource introuvable' });
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Page introuvable');
  });
}

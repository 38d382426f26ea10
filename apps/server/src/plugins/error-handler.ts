import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors';
import { RetryLaterError } from '../lib/heavy-work/heavy-work';
import { isApiUrl } from './auth';
import { classifyDatabaseError } from '../db/database-errors';

/** JSON errors { statusCode, error, message, issues? } with French messages; never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const issues = error.issues?.length ? { issues: error.issues } : {};
      // A refusal to retry later (a busy server, R-OPS-09) says when.
      if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send({ statusCode: error.statusCode, error: error.code, message: error.message, ...issues });
    }
    if (error.validation || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 400) {
      return reply.status(400).send({ statusCode: 400, error: 'bad-request', message: frameworkMessage(error) });
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
        .send({ statusCode: error.statusCode, error: 'error', message: frameworkMessage(error) });
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

/**
 * Fastify's and its plugins' own refusals (body parsers, the router) in French: their English
 * messages never reach the caller (R-SEC-01). An unknown one gets the generic French text.
 */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Requête invalide : type de contenu non pris en charge.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Requête invalide : le corps est vide alors que son type annonce du JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Requête invalide : le corps n’est pas du JSON valide.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Requête invalide : la taille du corps ne correspond pas à Content-Length.',
  FST_ERR_BAD_URL: 'Requête invalide : adresse mal formée.',
  FST_ERR_MAX_PARAM_LENGTH: 'Requête invalide : un segment de l’adresse est trop long.',
};

/** By status, for a refusal whose code is not above. */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  404: 'Ressource introuvable',
  405: 'Méthode non permise.',
  406: 'Format de réponse non disponible.',
  408: 'Requête trop lente : délai dépassé.',
  415: 'Requête invalide : type de contenu non pris en charge.',
};

function frameworkMessage(error: FastifyError): string {
  return FRAMEWORK_MESSAGES[error.code] ?? STATUS_MESSAGES[error.statusCode ?? 400] ?? 'Requête invalide.';
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or error handler
 * (an address that is not valid UTF-8 once decoded, a path parameter beyond its length), in
 * the error handler's JSON shape and in French.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ statusCode: 400, error: 'bad-request', message: frameworkMessage(error) });
}

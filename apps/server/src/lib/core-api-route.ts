import type { FastifySchema, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import './french-zod-messages';

/** The JSON error body of the error handler (plugins/error-handler.ts). */
const errorResponseSchema = {
  description: 'Erreur (message en français)',
  type: 'object',
  properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
  required: ['statusCode', 'error', 'message'],
} as const;

/** A zod input schema as an OpenAPI 3.0 schema object, for the /api/docs page. */
export function openApiSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

/**
 * Route options shared by the core API calls (R-API-01): bearer auth, the schema
 * documented on /api/docs, and failures logged (the web client swallows them, so the
 * log is the only trace). Fastify's own validator is switched off on purpose: each
 * handler parses its input with the same zod schema the docs are generated from, which
 * gives French messages and one source of truth.
 */
export function coreApiRoute({
  event,
  ...schema
}: FastifySchema & {
  summary: string;
  tags: string[];
  /** The business event a call is (plugins/business-events.ts); false for a POST that only reads. */
  event?: string | false;
}): RouteShorthandOptions {
  return {
    config: { auth: 'user', ...(event === undefined ? {} : { event }) },
    schema: {
      ...schema,
      description:
        `${schema.description ?? ''}\n\nAuthentification : en-tête \`Authorization: Bearer <jeton>\`.`.trim(),
      response: { ...(schema.response as object | undefined), '4xx': errorResponseSchema },
    },
    validatorCompiler: () => () => true,
    onError: async (request, _reply, error) => {
      const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
      // A 404 is an ordinary answer here (most structures have no avatar): keep it out of warnings.
      const level = statusCode === 404 ? 'info' : 'warn';
      request.log[level]({ err: error, statusCode, route: request.routeOptions.url }, 'core API call failed');
    },
  };
}

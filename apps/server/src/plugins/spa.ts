import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiUrl } from './auth';

/** Serves the built SPA; unknown GET paths outside /api fall back to index.html (client routing). */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    app.log.warn({ staticDir }, "application web non construite : lancer 'npm run build'");
    return;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { config: { auth: 'public' } }, (request, reply) => {
    if (isApiUrl(request.url)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiUrl } from './auth';

const SOURCE_MAP = /\.map$/i;

/**
 * Serves the built SPA; unknown GET paths outside /api fall back to index.html (client routing).
 * Source maps (the client's whole source) only when `serveSourceMaps` (development): in
 * production a *.map path is a 404, whether the build emitted the file or not.
 */
export async function registerSpa(
  app: FastifyInstance,
  staticDir: string,
  { serveSourceMaps = false }: { serveSourceMaps?: boolean } = {},
): Promise<void> {
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    app.log.warn({ staticDir }, "application web non construite : lancer 'npm run build'");
    return;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    allowedPath: (pathName) => serveSourceMaps || !SOURCE_MAP.test(pathName),
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { config: { auth: 'public' } }, (request, reply) => {
    if (isApiUrl(request.url) || (!serveSourceMaps && SOURCE_MAP.test(request.url.split('?')[0] ?? '')))
      return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

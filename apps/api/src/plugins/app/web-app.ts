// Serves the built web app so one process is the whole product: hashed /assets cached for a year,
// index.html never cached, and an SPA fallback to index.html for page navigations. API-like paths and
// non-HTML requests get the JSON 404 instead. The build writes Brotli and gzip copies of its text files
// (.br, .gz); a browser that accepts one gets it, so nothing is compressed per request.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@datafeeds/domain';
import { isServerPath } from '../../lib/api-paths.ts';

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isServerPath(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

export default fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const available = existsSync(path.join(distDir, 'index.html'));
    if (available) {
      const assetsDir = path.join(distDir, 'assets') + path.sep;
      await app.register(fastifyStatic, {
        root: distDir,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          void reply.header(
            'cache-control',
            filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ distDir }, 'web app not built (no index.html): serving the API only');
    }

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
      if (available && wantsPage(request)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      const pathOnly = request.url.split('?')[0] ?? request.url;
      return reply
        .code(404)
        .send({ error: ERROR_CODES.notFound, message: `No route ${request.method} ${pathOnly}.` });
    });
  },
  { name: 'web-app', dependencies: ['rate-limit'] },
);

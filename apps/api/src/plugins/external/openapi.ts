// The OpenAPI document is generated from the routes' zod schemas (of both contexts, so registered at the
// root); /api/openapi.json serves it and /api/docs renders it (with a CSP relaxed for the docs page only).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_PATHS } from '@datafeeds/domain';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'DataFeeds Portal API',
          description: 'Account management of the DataFeeds self-service portal.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            verifierKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'dfvk_…',
              description: "A data-feed service's verifier key, issued by the provider team.",
            },
          },
        },
        tags: [
          { name: 'verification', description: 'For the data feed: verify RSC tokens, follow revocations.' },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
  },
  { name: 'openapi' },
);

/** The browsable page, served with the portal's pages (the document itself covers every route). */
export const apiDocs = fp(
  async (app) => {
    await app.register(swaggerUi, {
      routePrefix: API_PATHS.docs,
      staticCSP: true,
      // The docs page is also read over plain http on a developer's machine, where upgrading its own
      // asset requests to https would break it; Swagger UI sets inline styles for its expanding panels.
      transformStaticCSP: (header) =>
        header
          .replace(/\s*upgrade-insecure-requests;?/, '')
          .replace(
            /style-src ([^;]*);/,
            (_match, sources: string) => `style-src ${sources.trim()} 'unsafe-inline';`,
          ),
    });
  },
  { name: 'api-docs', dependencies: ['openapi'] },
);

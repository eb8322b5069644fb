// The OpenAPI document is generated from the routes' zod schemas (of both contexts, so registered at the
// root); /api/openapi.json serves it and /api/docs renders it (with a CSP relaxed for the docs page only).
// Customers generate clients from it: test/openapi checks it against Redocly's recommended rules and
// type-checks a client generated from it.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { CONSOLE_REFRESH_COOKIE, REFRESH_COOKIE } from '../../lib/session-cookies.ts';
import { withEnumKeyedRecordsSpelledOut, withoutUnusedSchemas } from './openapi-schemas.ts';

const TAGS = [
  { name: 'auth', description: 'Registration, sign-in and sign-out, password reset and email verification.' },
  {
    name: 'users',
    description: "The signed-in user's profile, and the registration form's availability checks.",
  },
  { name: 'tokens', description: "The company's API tokens (RSC client credentials)." },
  { name: 'account', description: "The company's account: the upgrade to a paid account." },
  { name: 'activity', description: "The company's audit log: who did what, when and from where." },
  {
    name: 'system',
    description: 'Health checks for load balancers, and the settings the web app runs with.',
  },
  { name: 'verification', description: 'For the data feed: verify RSC tokens, follow revocations.' },
  {
    name: 'console',
    description: "The provider console's staff accounts: setup, sign-in with a TOTP code, sessions.",
  },
];

export default fp<{ appUrl: string }>(
  async (app, { appUrl }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'DataFeeds Portal API',
          description: 'Account management of the DataFeeds self-service portal.',
          version: '0.1.0',
          // No open-source licence covers the portal (the repository carries none); the document says so.
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        // Absolute, from the configured public address (as in the links of emails): a client is usually
        // generated from a downloaded copy, where a relative `/` has nothing left to be relative to.
        servers: [{ url: appUrl, description: 'This portal' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            refreshCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: REFRESH_COOKIE,
              description: 'The httpOnly refresh cookie set by register, login and refresh (path /refresh).',
            },
            verifierKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'dfvk_…',
              description: "A data-feed service's verifier key, issued by the provider team.",
            },
            consoleBearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'A staff access token of the provider console (consoleLogin); customer tokens are refused.',
            },
            consoleRefreshCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: CONSOLE_REFRESH_COOKIE,
              description:
                'The httpOnly console refresh cookie set by consoleLogin (path /api/console/session).',
            },
          },
        },
        tags: TAGS,
      },
      // APP_URL is where the portal is, paths included: nothing is to be cut from the routes' paths.
      stripBasePath: false,
      transform: jsonSchemaTransform,
      transformObject: (document) =>
        withoutUnusedSchemas(withEnumKeyedRecordsSpelledOut(jsonSchemaTransformObject(document))),
    });
  },
  { name: 'openapi' },
);

/** Where the browsable page is: a page for people, not a call, so it has no contract (design §1). */
export const API_DOCS_PATH = '/api/docs';

/** The browsable page, served with the portal's pages (the document itself covers every route). */
export const apiDocs = fp(
  async (app) => {
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
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

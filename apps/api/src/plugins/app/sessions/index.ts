// The sessions module (design §2 "Sessions"): the customers' session family and the guards of signed-in
// calls (`app.authenticate`, `app.allow`).
import fp from 'fastify-plugin';
import type { Secrets } from '../../../config/secrets.ts';
import { installAuthentication } from './authentication.ts';
import { createSessionsService, type SessionsService } from './sessions-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsService;
  }
}

export default fp<{ secrets: Secrets }>(
  async (app, { secrets }) => {
    app.decorate('sessions', createSessionsService(app.db, app.clock, secrets.sessionSecret, app.auditLog));
    installAuthentication(app);
  },
  { name: 'sessions', dependencies: ['database', 'audit'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export { authOf, memberOf, bearerToken } from './authentication.ts';
export type { AuthContext, CompanyCaller, SessionsService } from './sessions-service.ts';
export { createSessionFamily, type SessionTokens } from './session-family.ts';

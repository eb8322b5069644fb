// The staff module (design §11 "Staff accounts"): the provider console's staff accounts, the guard of
// console calls `app.authenticateStaff` (a console access token of a live session of an enabled
// member), and `app.allowStaff`, which lets through the roles the console's policy table gives an action.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { CONSOLE_REFUSALS, staffMay, type ConsoleAction } from '@datafeeds/domain';
import type { Secrets } from '../../../config/secrets.ts';
import { forbidden, unauthorized } from '../../../lib/errors.ts';
import { createFailureCounters } from '../auth/index.ts';
import { bearerToken } from '../sessions/index.ts';
import { createStaffService, type StaffService } from './staff-service.ts';
import { createStaffSessions, type StaffCaller, type StaffSessions } from './staff-sessions.ts';
import { createTotpSecrets } from './totp-secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    staff: StaffService;
    staffSessions: StaffSessions;
    authenticateStaff(request: FastifyRequest): Promise<void>;
    /** A guard to put after `authenticateStaff`: the member's role may do `action` (policy.ts). */
    allowStaff(action: ConsoleAction): (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    staffCaller: StaffCaller | null;
  }
}

/** The caller of a route guarded by `app.authenticateStaff`. */
export function staffOf(request: FastifyRequest): StaffCaller {
  if (!request.staffCaller) throw unauthorized();
  return request.staffCaller;
}

export default fp<{ secrets: Secrets }>(
  async (app, { secrets }) => {
    const staffSessions = createStaffSessions(app.db, app.clock, secrets.sessionSecret);
    app.decorate('staffSessions', staffSessions);
    app.decorate(
      'staff',
      createStaffService({
        db: app.db,
        clock: app.clock,
        appUrl: app.env.APP_URL,
        hasher: app.passwordHasher,
        sessions: staffSessions,
        mailer: app.mailer,
        audit: app.auditLog,
        totpSecrets: createTotpSecrets(secrets.sessionSecret),
        failures: createFailureCounters(app.counters),
      }),
    );
    app.decorateRequest('staffCaller', null);
    app.decorate('authenticateStaff', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const caller = token ? await staffSessions.authenticate(token) : undefined;
      if (!caller) throw unauthorized();
      request.staffCaller = caller;
    });
    app.decorate('allowStaff', (action: ConsoleAction) => async (request: FastifyRequest) => {
      if (!staffMay(staffOf(request).role, action)) throw forbidden(CONSOLE_REFUSALS[action]);
    });
  },
  { name: 'staff', dependencies: ['database', 'redis', 'audit', 'mail', 'users'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export type { StaffCaller } from './staff-sessions.ts';
export type { StaffService } from './staff-service.ts';

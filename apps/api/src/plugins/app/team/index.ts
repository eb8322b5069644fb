// The team module (design §9): a company's members (profiles, written here only) and its invitations;
// the users module writes an owner's profile and joins through the repository it decorates.
import fp from 'fastify-plugin';
import { createTeamRepository, type TeamRepository } from './team-repository.ts';
import { createTeamService, type TeamService } from './team-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    team: TeamService;
    teamRepository: TeamRepository;
  }
}

export default fp(
  async (app) => {
    const { db, env, clock } = app;
    const team = createTeamRepository(db);
    app.decorate('teamRepository', team);
    app.decorate(
      'team',
      createTeamService({
        db,
        clock,
        appUrl: env.APP_URL,
        team,
        sessions: app.sessions,
        mailer: app.mailer,
        audit: app.auditLog,
      }),
    );
  },
  { name: 'team', dependencies: ['database', 'audit', 'mail', 'sessions'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export type { InvitationRow, TeamRepository } from './team-repository.ts';

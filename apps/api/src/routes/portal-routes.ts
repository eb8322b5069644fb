// Every route of the portal's context (the browser's calls: customers' and the console's), one plugin per
// area file; the data feed's calls are registered apart (data-feed-calls.ts), without the browser's hooks.
import type { FastifyPluginAsync } from 'fastify';
import { devMailboxEnabled } from '../config/env.ts';
import upgradeRoutes from './account/upgrade.ts';
import quotaRoutes from './account/quota.ts';
import activityRoutes from './audit/activity.ts';
import recoveryRoutes from './auth/recovery.ts';
import signInRoutes from './auth/sign-in.ts';
import companyActionRoutes from './console/company-actions.ts';
import consoleCompanyRoutes from './console/console-companies.ts';
import consoleOutboxRoutes from './console/outbox.ts';
import consolePlanRoutes from './console/plans.ts';
import staffAccountRoutes from './console/staff-accounts.ts';
import staffSignInRoutes from './console/staff-sign-in.ts';
import staffTrailRoutes from './console/staff-trail.ts';
import verifierKeyRoutes from './console/verifier-keys.ts';
import mailboxRoutes from './dev/mailbox.ts';
import systemRoutes from './system/system.ts';
import invitationRoutes from './team/invitations.ts';
import teamRoutes from './team/team.ts';
import clientsRoutes from './tokens/clients.ts';
import usageRoutes from './tokens/usage.ts';
import availabilityRoutes from './users/availability.ts';
import profileRoutes from './users/profile.ts';

const areas: FastifyPluginAsync[] = [
  signInRoutes,
  staffSignInRoutes,
  companyActionRoutes,
  verifierKeyRoutes,
  consoleOutboxRoutes,
  consolePlanRoutes,
  staffAccountRoutes,
  consoleCompanyRoutes,
  staffTrailRoutes,
  recoveryRoutes,
  profileRoutes,
  availabilityRoutes,
  clientsRoutes,
  usageRoutes,
  upgradeRoutes,
  quotaRoutes,
  activityRoutes,
  teamRoutes,
  invitationRoutes,
  systemRoutes,
];

const portalRoutes: FastifyPluginAsync = async (portal) => {
  for (const area of areas) await portal.register(area);
  if (devMailboxEnabled(portal.env)) await portal.register(mailboxRoutes);
};

export default portalRoutes;

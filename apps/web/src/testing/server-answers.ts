// What the server answers each call with, as the domain's schemas say (the API's route schemas are the
// same ones). The fetch stand-in checks every success answer a test gives it against this, so a test
// double cannot answer a field the server never sends — as UpdateUser's `token` once did, hiding that
// the app read it and so always reported `changedPassword: false`.
import {
  API_PATHS,
  activityPageSchema,
  appConfigSchema,
  clientCredentialsSchema,
  clientUsageSchema,
  emailAvailabilityResponseSchema,
  getClientsResponseSchema,
  invitationSummarySchema,
  messageResponseSchema,
  pendingInvitationSchema,
  removalResponseSchema,
  rotateClientResponseSchema,
  teamMemberSchema,
  teamSchema,
  tokenResponseSchema,
  upgradeAccountResponseSchema,
  userSchema,
  usernameAvailabilityResponseSchema,
} from '@datafeeds/domain';
import { z } from 'zod';

const SERVER_ANSWERS: Record<string, z.ZodType> = {
  [`POST ${API_PATHS.register}`]: tokenResponseSchema,
  [`POST ${API_PATHS.login}`]: tokenResponseSchema,
  [`POST ${API_PATHS.refresh}`]: tokenResponseSchema,
  [`GET ${API_PATHS.getUser}`]: userSchema,
  [`POST ${API_PATHS.createUser}`]: userSchema,
  [`PUT ${API_PATHS.updateUser}`]: userSchema,
  [`GET ${API_PATHS.checkUsername}`]: usernameAvailabilityResponseSchema,
  [`GET ${API_PATHS.checkEmail}`]: emailAvailabilityResponseSchema,
  [`POST ${API_PATHS.forgotPassword}`]: messageResponseSchema,
  [`POST ${API_PATHS.resetPassword}`]: messageResponseSchema,
  [`POST ${API_PATHS.verifyEmail}`]: messageResponseSchema,
  [`POST ${API_PATHS.resendVerification}`]: messageResponseSchema,
  [`GET ${API_PATHS.config}`]: appConfigSchema,
  [`GET ${API_PATHS.getClients}`]: getClientsResponseSchema,
  [`POST ${API_PATHS.createClient}`]: clientCredentialsSchema,
  [`POST ${API_PATHS.rotateClient}`]: rotateClientResponseSchema,
  // 204 without a body: a test double that answers one answers what the server never sends.
  [`POST ${API_PATHS.endRotationGrace}`]: z.never(),
  [`POST ${API_PATHS.upgradeAccount}`]: upgradeAccountResponseSchema,
  [`GET ${API_PATHS.getClientUsage}`]: clientUsageSchema,
  [`GET ${API_PATHS.getActivity}`]: activityPageSchema,
  [`GET ${API_PATHS.getTeam}`]: teamSchema,
  [`POST ${API_PATHS.inviteMember}`]: pendingInvitationSchema,
  [`POST ${API_PATHS.resendInvitation}`]: pendingInvitationSchema,
  [`POST ${API_PATHS.changeMemberRole}`]: teamMemberSchema,
  [`GET ${API_PATHS.getInvitation}`]: invitationSummarySchema,
  [`POST ${API_PATHS.acceptInvitation}`]: userSchema,
  [`POST ${API_PATHS.registerWithInvitation}`]: tokenResponseSchema,
  [`GET ${API_PATHS.getRemoval}`]: removalResponseSchema,
};

/**
 * Throws unless `body` is exactly what the server could answer to `route` ("METHOD path"): it must
 * parse with the call's schema and lose nothing doing so (zod drops unknown fields).
 */
export function assertServerAnswer(route: string, status: number, body: unknown): void {
  const schema = SERVER_ANSWERS[route];
  if (schema === undefined || status < 200 || status >= 300 || body === undefined) return;
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`The test's answer to ${route} is not what the server answers: ${parsed.error.message}`);
  if (canonical(parsed.data) !== canonical(body))
    throw new Error(
      `The test's answer to ${route} has fields the server never sends: ${JSON.stringify(body)}`,
    );
}

/** JSON with every object's keys in order, so two values compare by content alone. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

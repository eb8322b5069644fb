import { ERROR_CODES } from '@datafeeds/domain';
import { isHttpError } from '@/lib/api-errors';

const REFUSAL_STATUSES = new Set([403, 404, 409, 410]);

/**
 * The server's sentence for a refused join or registration (the link went bad meanwhile, the account
 * belongs to another company, the invitation is for another address), or null for an unexplained
 * failure. A taken username is not one: its field says so.
 */
export function invitationRefusal(error: unknown): string | null {
  if (!isHttpError(error) || !error.data || error.code === ERROR_CODES.usernameTaken) return null;
  return REFUSAL_STATUSES.has(error.status) ? error.data.message : null;
}

// Leases of a company's allowance (design §10): POST /api/v1/credentials/allowance with the verifier key,
// the `lease` the allowance engine of @datafeeds/domain/credentials is given. Any failure rejects, and the
// engine admits nothing it was not granted: the verifier turns the rejection into a refusal to answer.
import type { LeaseGrant, LeaseRequest } from '@datafeeds/domain/credentials';
import { VerifierError } from './errors.ts';
import type { ResolvedVerifierOptions } from './options.ts';
import { failureCode, postToPortal, unexpectedAnswer, type PortalCallOptions } from './portal-client.ts';

type LeaseClientOptions = PortalCallOptions & Pick<ResolvedVerifierOptions, 'allowanceUrl'>;

/**
 * The portal answered 404: the client ID no longer verifies (revoked, rotated, suspended) while this
 * verifier still held its answer, most likely with the revocation event on its way. Internal: the
 * verifier drops the credential and asks the portal again.
 */
export class CredentialNotLeasableError extends VerifierError {
  override name = 'CredentialNotLeasableError';
}

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

function isRefusal(value: unknown, field: 'resetsAt' | 'retryAfterMs'): boolean {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const refusal = value as Record<string, unknown>;
  const when = refusal[field];
  const whenOk = field === 'resetsAt' ? !Number.isNaN(Date.parse(String(when))) : typeof when === 'number';
  return whenOk && typeof refusal.limit === 'number';
}

function isLeaseGrant(body: unknown, asked: LeaseRequest): body is LeaseGrant {
  if (typeof body !== 'object' || body === null) return false;
  const grant = body as Partial<Record<keyof LeaseGrant, unknown>>;
  return (
    isCount(grant.day) &&
    isCount(grant.rate) &&
    // Never more than asked, whatever a portal of another version says.
    (grant.day as number) <= asked.day &&
    (grant.rate as number) <= asked.rate &&
    typeof grant.second === 'number' &&
    isRefusal(grant.quotaExceeded, 'resetsAt') &&
    isRefusal(grant.rateLimited, 'retryAfterMs')
  );
}

/**
 * A kept-alive connection the portal closed while it sat idle — often because this process's event loop
 * was too busy to notice — fails the next request on it before it is sent. Leases can go quiet for a
 * long time (a day lease lasts a while, and unlimited credentials never lease), so such a failure is
 * retried once on a new connection. Safe even had the portal granted the first: units lost, never
 * units admitted twice.
 */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

async function postLease(request: LeaseRequest, options: LeaseClientOptions) {
  try {
    return await postToPortal(options.allowanceUrl, request, options);
  } catch (error) {
    if (!STALE_CONNECTION_CODES.has(failureCode((error as Error).cause) ?? '')) throw error;
    return postToPortal(options.allowanceUrl, request, options);
  }
}

export function createLeaseClient(
  options: LeaseClientOptions,
): (request: LeaseRequest) => Promise<LeaseGrant> {
  return async function lease(request) {
    const { response, body } = await postLease(request, options);
    if (response.status === 200 && isLeaseGrant(body, request)) return body;
    if (response.status === 404) {
      throw new CredentialNotLeasableError(
        `The portal at ${options.portalLabel} no longer leases allowance for ${request.clientId}.`,
      );
    }
    throw unexpectedAnswer(response, options, 'an allowance grant');
  };
}

// The calls to the portal that answer JSON — POST /api/v1/credentials/verify and, for plan limits, POST
// /api/v1/credentials/allowance (lease-client.ts) — with the verifier key. Every way one can fail becomes
// a typed error naming the portal, never the key or the secret.
import {
  VERIFICATION_CODES,
  type VerifyFor,
  type VerifiedCredential,
  type VerifyResult,
} from '@datafeeds/domain/credentials';
import { PortalUnavailableError, VerifierKeyRejectedError } from './errors.ts';
import type { ResolvedVerifierOptions } from './options.ts';

export type PortalCallOptions = Pick<
  ResolvedVerifierOptions,
  'portalLabel' | 'authorization' | 'requestTimeoutMs'
>;

type PortalClientOptions = PortalCallOptions & Pick<ResolvedVerifierOptions, 'verifyUrl'>;

export type AskPortal = (secret: string, forCall?: VerifyFor) => Promise<VerifyResult>;

/** Checks what the cache relies on, so a portal of another version fails loudly rather than oddly. */
function isVerifyResult(body: unknown): body is VerifyResult {
  if (typeof body !== 'object' || body === null) return false;
  const answer = body as Partial<Record<keyof VerifiedCredential, unknown>>;
  if (!(VERIFICATION_CODES as readonly unknown[]).includes(answer.code)) return false;
  if (answer.code !== 'VALID') return answer.valid === false;
  return (
    answer.valid === true &&
    typeof answer.clientId === 'string' &&
    typeof answer.apiType === 'string' &&
    Array.isArray(answer.scopes) &&
    (answer.expiresAt === null || !Number.isNaN(Date.parse(String(answer.expiresAt))))
  );
}

function retryAfterSeconds(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** The system or undici code of a failed fetch (ECONNREFUSED, ECONNRESET…), if it has one. */
export function failureCode(error: unknown): string | undefined {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function describeFailure(error: unknown, options: PortalCallOptions): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `The portal at ${options.portalLabel} did not answer within ${options.requestTimeoutMs} ms.`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = failureCode(error);
  const reason = typeof code === 'string' ? code : cause instanceof Error ? cause.message : String(cause);
  return `The portal at ${options.portalLabel} could not be reached (${reason}).`;
}

/** POSTs a JSON body with the verifier key; a portal that cannot be reached or read throws. */
export async function postToPortal(
  url: string,
  body: object,
  options: PortalCallOptions,
): Promise<{ response: Response; body: unknown }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: options.authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.requestTimeoutMs),
    });
    // Read every body, answer or not, so the connection goes back to the pool.
    return { response, body: await response.json().catch(() => undefined) };
  } catch (error) {
    throw new PortalUnavailableError(describeFailure(error, options), { cause: error });
  }
}

/**
 * The error for an answer that is not the one expected: 401 (the key), 429 (throttled, with its
 * Retry-After) or anything else. `expected` says what a 200 should have held.
 */
export function unexpectedAnswer(response: Response, options: PortalCallOptions, expected: string): Error {
  const { status } = response;
  if (status === 401) return new VerifierKeyRejectedError(options.portalLabel);
  if (status === 429) {
    const retryAfter = retryAfterSeconds(response);
    return new PortalUnavailableError(
      `The portal at ${options.portalLabel} is throttling this verifier (429)` +
        (retryAfter === undefined ? '.' : `; retry after ${retryAfter} s.`),
      { status, retryAfterSeconds: retryAfter },
    );
  }
  const what = status === 200 ? `something that is not ${expected}` : `HTTP ${status}`;
  return new PortalUnavailableError(`The portal at ${options.portalLabel} answered ${what}.`, { status });
}

/**
 * Asks for the credential as it is (`judgeLocally`): the answer lists every scope, so one call serves
 * every feed. The call's scope and apiType go along only so the portal counts this call's outcome in
 * usage as the verifier will judge it. `judgeLocally` also leaves admission against the plan's limits to
 * the verifier (design §10), which admits every answer it gives: always sent, so no call is admitted
 * twice.
 */
export function createPortalClient(options: PortalClientOptions): AskPortal {
  return async function askPortal(secret, forCall) {
    // Undefined fields are left out of the JSON.
    const asked = { secret, scope: forCall?.scope, apiType: forCall?.apiType, judgeLocally: true };
    const { response, body } = await postToPortal(options.verifyUrl, asked, options);
    if (response.status === 200 && isVerifyResult(body)) return body;
    throw unexpectedAnswer(response, options, 'a verification answer');
  };
}

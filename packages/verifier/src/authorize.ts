// The framework-neutral gate: request in, either the verified credential (with the limit fields its
// answer carries) or the HTTP answer to send. Refusals of the token itself are 401 (present a valid
// token), refusals of this feed for a valid token are 403 (the token is fine, it does not cover this), a
// company over its plan's quota or rate is 429, a problem+json answer with the IETF limit fields and
// Retry-After (design §10 "Limit headers"), and a portal we cannot reach is 503: the feed cannot tell,
// and must neither let the caller in nor blame their token.
import type { ApiType } from '@datafeeds/domain';
import {
  LIMIT_REFUSAL_MESSAGES,
  type VerifiedCredential,
  type VerifyResult,
} from '@datafeeds/domain/credentials';
import { PortalUnavailableError, VerifierKeyRejectedError } from './errors.ts';
import { admittedFields, QUOTA_EXCEEDED_PROBLEM, refusedFields } from './rate-limit-fields.ts';
import type { VerifyOptions } from './judge.ts';
import { tokenFromRequest, TOKEN_QUERY_PARAMETER, type RequestLike } from './request-token.ts';
import type { Verifier } from './verifier.ts';

export interface ErrorBody {
  error: string;
  message: string;
}

/**
 * A refusal over a limit as RFC 9457 problem details of the draft's `quota-exceeded` type, keeping the
 * `error` and `message` every other refusal has, so a client reads all of them alike.
 */
export interface QuotaProblemBody extends ErrorBody {
  type: typeof QUOTA_EXCEEDED_PROBLEM;
  title: string;
  status: 429;
  detail: string;
  'violated-policies': string[];
}

export type AuthorizeResult =
  | {
      ok: true;
      credential: VerifiedCredential;
      /** `RateLimit-Policy` and `RateLimit` for a token with limits; empty otherwise. */
      headers: Record<string, string>;
    }
  | {
      ok: false;
      statusCode: 401 | 403 | 429 | 503;
      body: ErrorBody | QuotaProblemBody;
      headers?: Record<string, string>;
      /** For a 503: what went wrong, for the feed's own log (never sent to the caller). */
      cause?: Error;
    };

/** Seconds a client is asked to wait when the portal gave no Retry-After of its own. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

const API_TYPE_NAMES: Record<ApiType, string> = { rest: 'REST', graphql: 'GraphQL' };

const MISSING_TOKEN: ErrorBody = {
  error: 'MISSING_TOKEN',
  message: `Pass your RSC token as the ${TOKEN_QUERY_PARAMETER} query parameter or as an Authorization: Bearer header.`,
};

const TOKEN_REFUSALS: Record<'MALFORMED' | 'NOT_FOUND' | 'PENDING' | 'EXPIRED' | 'INACTIVE', string> = {
  MALFORMED: 'This is not an RSC token: check that it was copied whole (it starts with dfsk_).',
  NOT_FOUND:
    'This RSC token does not exist: it may have been rotated or deleted. Copy the current one from the portal.',
  PENDING: 'This RSC token is waiting for approval and cannot read feeds yet.',
  EXPIRED: 'This RSC token has expired. Upgrade the account or request a new token in the portal.',
  INACTIVE: 'This RSC token is inactive: it was switched off or its company account is suspended.',
};

/** The HTTP answer for a verification that was not VALID. */
export function refusalFor(
  answer: Exclude<VerifyResult, VerifiedCredential>,
  options: VerifyOptions,
): AuthorizeResult {
  switch (answer.code) {
    case 'SCOPE_DENIED':
      return {
        ok: false,
        statusCode: 403,
        body: {
          error: answer.code,
          message: `This RSC token does not include the ${options.scope ?? 'requested'} feed.`,
        },
      };
    case 'API_TYPE_DENIED': {
      const api = options.apiType === undefined ? 'this' : `the ${API_TYPE_NAMES[options.apiType]}`;
      return {
        ok: false,
        statusCode: 403,
        body: { error: answer.code, message: `This RSC token is not for ${api} API.` },
      };
    }
    case 'QUOTA_EXCEEDED':
    case 'RATE_LIMITED': {
      const waitSeconds = secondsUntilAdmitted(answer);
      const policy = answer.code === 'QUOTA_EXCEEDED' ? 'daily' : 'burst';
      const message =
        answer.code === 'QUOTA_EXCEEDED'
          ? LIMIT_REFUSAL_MESSAGES.quotaExceeded(answer.limit, answer.resetsAt)
          : LIMIT_REFUSAL_MESSAGES.rateLimited(answer.limit);
      return {
        ok: false,
        statusCode: 429,
        body: {
          type: QUOTA_EXCEEDED_PROBLEM,
          title: 'Request cannot be satisfied as assigned quota has been exceeded',
          status: 429,
          detail: message,
          'violated-policies': [policy],
          error: answer.code,
          message,
        },
        headers: {
          'content-type': 'application/problem+json; charset=utf-8',
          'retry-after': String(waitSeconds),
          ...refusedFields(policy, answer.limit, waitSeconds),
        },
      };
    }
    default:
      return {
        ok: false,
        statusCode: 401,
        body: { error: answer.code, message: TOKEN_REFUSALS[answer.code] },
      };
  }
}

/** Whole seconds (at least 1) until a limit refusal stops applying: RateLimit's `t` and Retry-After. */
function secondsUntilAdmitted(answer: Extract<VerifyResult, { code: 'QUOTA_EXCEEDED' | 'RATE_LIMITED' }>) {
  const waitMs =
    answer.code === 'QUOTA_EXCEEDED' ? Date.parse(answer.resetsAt) - Date.now() : answer.retryAfterMs;
  return Math.max(1, Math.ceil(waitMs / 1000));
}

function unavailable(cause: PortalUnavailableError | VerifierKeyRejectedError): AuthorizeResult {
  const retryAfter =
    (cause instanceof PortalUnavailableError && cause.retryAfterSeconds) || DEFAULT_RETRY_AFTER_SECONDS;
  return {
    ok: false,
    statusCode: 503,
    body: {
      error: 'VERIFIER_UNAVAILABLE',
      message: 'RSC tokens cannot be checked right now. Please try again shortly.',
    },
    headers: { 'retry-after': String(Math.ceil(retryAfter)) },
    cause,
  };
}

/** Reads the token from the request and verifies it for this feed. Other errors (bugs) are rethrown. */
export async function authorize(
  verifier: Pick<Verifier, 'verify'> & Partial<Pick<Verifier, 'standing'>>,
  request: RequestLike,
  options: VerifyOptions = {},
): Promise<AuthorizeResult> {
  const token = tokenFromRequest(request);
  if (token === undefined) return { ok: false, statusCode: 401, body: MISSING_TOKEN };
  let answer: VerifyResult;
  try {
    answer = await verifier.verify(token, options);
  } catch (error) {
    if (error instanceof PortalUnavailableError || error instanceof VerifierKeyRejectedError) {
      return unavailable(error);
    }
    throw error;
  }
  if (!answer.valid) return refusalFor(answer, options);
  return {
    ok: true,
    credential: answer,
    headers: admittedFields(answer.limits, verifier.standing?.(answer) ?? null),
  };
}

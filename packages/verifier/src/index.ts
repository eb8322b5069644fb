// @datafeeds/verifier: what a data-feed service embeds to verify RSC tokens through the portal
// (design §8). The Fastify plugin is a separate entry, @datafeeds/verifier/fastify.
export { createVerifier, type Verifier, type VerifierStats } from './verifier.ts';
export type { VerifierOptions, PortalUnreachablePolicy } from './options.ts';
export type { VerifyOptions } from './judge.ts';
export { authorize, refusalFor, type AuthorizeResult, type ErrorBody } from './authorize.ts';
export {
  tokenFromRequest,
  tokenFromQuery,
  tokenFromAuthorization,
  TOKEN_QUERY_PARAMETER,
  type RequestLike,
} from './request-token.ts';
export {
  VerifierError,
  InvalidVerifierOptionsError,
  PortalUnavailableError,
  VerifierKeyRejectedError,
  VerifierClosedError,
} from './errors.ts';
export type { ApiType, FeedTiming, ScopeKey, SportCode } from '@datafeeds/domain/credentials';
// The feeds a gateway guards, as the portal grants them: a feed team needs no catalogue of its own.
export { feedScopeKey, SCOPE_KEYS, SPORTS_BY_API_TYPE } from '@datafeeds/domain/credentials';
export type {
  CredentialChangeEvent,
  DeniedCredential,
  CredentialLimits,
  LimitRefusal,
  QuotaExceeded,
  RateLimited,
  RefusedCredential,
  VerificationCode,
  VerifiedCredential,
  VerifyResult,
} from '@datafeeds/domain/credentials';

// The data feed's calls (design §8), made by data-feed services with a verifier key.
import { z } from 'zod';
import { USAGE_RETENTION_DAYS } from '../usage.ts';
import {
  HEARTBEAT_INTERVAL_MS,
  USAGE_REPORT_MAX_HOURLY_COUNT,
  USAGE_REPORT_VERIFIED_WITHIN_HOURS,
} from '../verification.ts';
import {
  leaseGrantSchema,
  leaseRequestSchema,
  usageReportSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from '../verification-schemas.ts';
import { defineCall } from './define-call.ts';

/** Always 200 for a well-formed call by a live verifier key; the answer says why not. */
export const verifyCredential = defineCall({
  method: 'POST',
  path: '/api/v1/credentials/verify',
  access: { kind: 'verifier' },
  operationId: 'verifyCredential',
  tag: 'verification',
  summary: 'Verify an RSC token for a feed (data-feed services, with a verifier key)',
  description:
    'Answers `valid` and a `code`: VALID, MALFORMED (format or checksum; no database query), ' +
    'NOT_FOUND, PENDING, EXPIRED, INACTIVE, SCOPE_DENIED or API_TYPE_DENIED. `scope` and `apiType` ' +
    'are optional: without them the answer lists every scope the token grants. A VALID answer is ' +
    "admitted against the company's plan (design §10): past its daily quota or the token's cap the " +
    'answer is QUOTA_EXCEEDED with `resetsAt`, past its rate RATE_LIMITED with `retryAfterMs`. A call ' +
    'with `judgeLocally` is not admitted here: the data-feed service admits it from its own leases.',
  body: verifyRequestSchema,
  responses: { 200: verifyResponseSchema },
  errors: [400, 401, 429],
});

export const credentialEvents = defineCall({
  method: 'GET',
  path: '/api/v1/credentials/events',
  access: { kind: 'verifier' },
  operationId: 'credentialEvents',
  tag: 'verification',
  summary: 'Revocation stream for data-feed services (Server-Sent Events, with a verifier key)',
  description:
    'text/event-stream. Events: `ready` on connect; `revoked` (rotated, deleted, set inactive, ' +
    'expired, company suspended) and `changed` (status or expiry changed) with data ' +
    '`{ clientId, reason, at }`; `reset` (drop every cached answer); `heartbeat` every ' +
    `${HEARTBEAT_INTERVAL_MS} ms, as \`ready\` announces (\`{ at, heartbeatMs }\`): a stream silent for ` +
    'a second is held somewhere, reconnect. A revocation made on any portal instance arrives within a second; ' +
    'an instance that cannot hear the others for a while ends its streams and answers 503 until it can.',
  responses: {},
  errors: [401, 429, 503],
  file: {
    mediaType: 'text/event-stream',
    description: 'The event stream; it stays open until the data-feed service or the portal closes it.',
  },
});

export const reportCredentialUsage = defineCall({
  method: 'POST',
  path: '/api/v1/credentials/usage',
  access: { kind: 'verifier' },
  operationId: 'reportCredentialUsage',
  tag: 'verification',
  summary: 'Report the verifications a data-feed service answered from its own cache (with a verifier key)',
  description:
    'Adds pre-counted answers per credential, feed (a scope key or `any`), outcome code and UTC hour ' +
    'to the usage the portal shows. Only answers the portal did not give itself belong here. An hour ' +
    `more than one hour ahead or older than ${USAGE_RETENTION_DAYS} days is refused with 400. An ` +
    'entry for a credential this verifier key did not verify in its hour or the ' +
    `${USAGE_REPORT_VERIFIED_WITHIN_HOURS} before, or above ${USAGE_REPORT_MAX_HOURLY_COUNT}, is ` +
    'dropped (still 204).',
  body: usageReportSchema,
  responses: { 204: z.null().describe('Counted') },
  errors: [400, 401, 429],
});

export const leaseAllowance = defineCall({
  method: 'POST',
  path: '/api/v1/credentials/allowance',
  access: { kind: 'verifier' },
  operationId: 'leaseAllowance',
  tag: 'verification',
  summary:
    "Lease units of a company's daily quota and current second's rate (data-feed services, with a verifier key)",
  description:
    'A data-feed service enforces plan limits itself (design §10): it admits requests from units leased ' +
    'here, never more, and asks again before they run out. Grants are counted by the portal, so what all ' +
    'services and portal instances admit together never passes the quota. Fewer units than asked (down ' +
    'to 0) when a limit is reached, and then `quotaExceeded` or `rateLimited` says why. 404 for a client ' +
    'ID that does not verify.',
  body: leaseRequestSchema,
  responses: { 200: leaseGrantSchema },
  errors: [400, 401, 404, 429],
});

// Rotation without downtime (design §9): when the old secret stops working after a rotation.
// Until then both the old and the new secret verify; then the old one is revoked like any other token.
import { z } from 'zod';
import { clientIdField } from './validation.ts';

export const ROTATION_GRACE_PERIODS = ['none', '1h', '24h', '7d'] as const;
export type RotationGracePeriod = (typeof ROTATION_GRACE_PERIODS)[number];

export const ROTATION_GRACE_SECONDS: Readonly<Record<RotationGracePeriod, number>> = {
  none: 0,
  '1h': 60 * 60,
  '24h': 24 * 60 * 60,
  '7d': 7 * 24 * 60 * 60,
};

/** The rotate dialog's choices, in this order; `none` is the default (today's behaviour). */
export const ROTATION_GRACE_LABELS: Readonly<Record<RotationGracePeriod, string>> = {
  none: 'Immediately',
  '1h': 'In 1 hour',
  '24h': 'In 24 hours',
  '7d': 'In 7 days',
};

/**
 * Why an old secret in its grace period stopped (the `why` of its `credential.grace_ended` audit row):
 * ended early, its period elapsed, the token was rotated again or deleted, or the token itself stopped
 * (set to a status that does not verify, expired, its company suspended) and took the old secret along.
 */
export const GRACE_END_REASONS = [
  'ended',
  'elapsed',
  'rotated',
  'deleted',
  'status_set',
  'expired',
  'suspended',
] as const;
export type GraceEndReason = (typeof GRACE_END_REASONS)[number];

export const rotateClientRequestSchema = z.strictObject({
  clientId: clientIdField,
  gracePeriod: z.enum(ROTATION_GRACE_PERIODS).optional().default('none'),
});

/**
 * The secret a rotation replaced while its grace period runs: shown on the new token with when it stops
 * and the requests it served since the rotation (so the user sees traffic move to the new secret).
 */
export const rotationGraceSchema = z
  .object({
    /** The old credential's client ID: the data feed still sees it until `endsAt`. */
    clientId: z.string(),
    rotatedAt: z.string(),
    endsAt: z.string(),
    requestsSinceRotation: z.number().int().nonnegative(),
  })
  .meta({ id: 'RotationGrace' });

/** RotateClient's answer: the new credentials, and until when the old secret works (null: it stopped). */
export const rotateClientResponseSchema = z
  .object({
    clientId: z.string(),
    clientSecret: z.string(),
    oldSecretWorksUntil: z.string().nullable(),
  })
  .meta({ id: 'RotatedClient' });

export type RotateClientRequest = z.input<typeof rotateClientRequestSchema>;
export type RotatedClient = z.infer<typeof rotateClientResponseSchema>;
export type RotationGrace = z.infer<typeof rotationGraceSchema>;

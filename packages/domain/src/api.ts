// Request and response schemas of every call of spec §7 and design §2/§3. The API uses them as route
// schemas (and for its OpenAPI document); the web app uses the inferred types.
import { z } from 'zod';
import {
  FIELD_LABELS,
  checkPasswordPair,
  clientIdField,
  emailField,
  passwordField,
  profileFormSchema,
  welcomeSchema,
} from './validation.ts';
import { SCOPE_KEYS } from './scopes.ts';
import { API_TYPES } from './sports.ts';
import { COMPANY_ACCOUNT_STATUSES, REINSTATED_STATUSES, TOKEN_STATUSES } from './status.ts';
import { genericMessages } from './messages.ts';
import { COMPANY_ROLES } from './policy.ts';
import { rotationGraceSchema } from './rotation.ts';

export const tokenResponseSchema = z.object({ token: z.string() }).meta({ id: 'TokenResponse' });

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    companyName: z.string(),
    companyAccountStatus: z.enum(COMPANY_ACCOUNT_STATUSES),
    emailVerified: z.boolean(),
    trialEndsAt: z.string().nullable(),
    createdAt: z.string(),
    /** When the company's open upgrade request was made, or null: none waits for the provider team. */
    upgradeRequestedAt: z.string().nullable(),
    /** The person's role in the company (design §9): what the app offers follows `roleMay`. */
    role: z.enum(COMPANY_ROLES),
    /**
     * Whether trial reminders and quota emails (design §10) are emailed to this person (owner and admins);
     * security notices always are.
     */
    trialReminders: z.boolean(),
    /**
     * While the company is suspended (design §11 "Suspension is visible"): the status it had, which a
     * reinstatement returns it to, and whom to write to; null while it is not suspended.
     */
    suspension: z.object({ from: z.enum(REINSTATED_STATUSES), contact: z.string() }).nullable(),
  })
  .meta({ id: 'User' });

export const usernameAvailabilityQuerySchema = z.object({
  username: z.string().trim().min(1, genericMessages.empty(FIELD_LABELS.username)).max(64),
});
export const usernameAvailabilityResponseSchema = z.object({ usernameRegistered: z.boolean() });
export const emailAvailabilityQuerySchema = z.object({
  email: z.string().trim().min(1, genericMessages.empty(FIELD_LABELS.email)).max(254),
});
export const emailAvailabilityResponseSchema = z.object({ emailRegistered: z.boolean() });

export const resetPasswordRequestSchema = z.object({
  password: passwordField(),
  resetToken: z.string().min(1, genericMessages.empty(FIELD_LABELS.resetToken)).max(200),
});

export const verifyEmailRequestSchema = z.object({
  token: z.string().min(1, genericMessages.empty('Token')).max(200),
});

/** Profile update: only the fields given change; the password pair travels together. Nothing else. */
export const updateUserRequestSchema = z
  .strictObject({
    firstName: profileFormSchema.shape.firstName.optional(),
    lastName: profileFormSchema.shape.lastName.optional(),
    companyName: profileFormSchema.shape.companyName.optional(),
    currentPassword: z.string().min(1).max(128).optional(),
    newPassword: passwordField(FIELD_LABELS.newPassword).optional(),
    trialReminders: z.boolean().optional(),
  })
  .superRefine(checkPasswordPair);

export const loginRequestSchema = z.object({
  email: emailField,
  password: z.string().min(1, genericMessages.empty(FIELD_LABELS.password)).max(1024),
});

/** The liveness answer: the process is up and its event loop turns. */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });

/** `ok` with 200 while every part the portal needs answers; `unavailable` with 503 meanwhile. */
export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['pglite', 'postgres']),
    checks: z.object({
      database: z.enum(['up', 'down']),
      /** Shared limits; `down` while the instance counts on its own, `off` without REDIS_URL. */
      redis: z.enum(['up', 'down', 'off']),
      /** How revocations reach other instances: `down` while the transport reconnects. */
      revocations: z.object({
        transport: z.enum(['memory', 'redis', 'postgres']),
        state: z.enum(['up', 'down']),
      }),
    }),
  })
  .meta({ id: 'Health' });

export const scopeSchema = z.record(z.enum(SCOPE_KEYS), z.boolean()).meta({ id: 'Scope' });

export const clientSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    scope: scopeSchema,
    status: z.enum(TOKEN_STATUSES),
    inReview: z.boolean(),
    apiType: z.enum(API_TYPES),
    createdAt: z.string(),
    updatedAt: z.string(),
    expiredAt: z.string().nullable(),
    /** ISO time the data feed last verified this token (any outcome), or null: never used. */
    lastUsedAt: z.string().nullable(),
    /** The token's own requests per UTC day, lower than its plan's quota (design §10), or null: none. */
    dailyCap: z.number().int().positive().nullable(),
    /** The secret this token's last rotation replaced, while its grace period lets it verify; else null. */
    rotationGrace: rotationGraceSchema.nullable(),
  })
  .meta({ id: 'Client' });

/** `?clientIds=a,b` names one or more tokens (absent: all of them); each must be a client id. */
export function parseClientIdList(list: string): string[] {
  return list
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}
export const getClientsQuerySchema = z.object({
  clientIds: z
    .string()
    .min(1)
    .max(200)
    .refine((list) => parseClientIdList(list).every((id) => clientIdField.safeParse(id).success), {
      message: 'Must be client IDs as the portal issues them, separated by commas.',
    })
    .optional(),
});
export const getClientsResponseSchema = z.object({ clients: z.array(clientSchema) });
export const clientCredentialsSchema = z
  .object({ clientId: z.string(), clientSecret: z.string() })
  .meta({ id: 'ClientCredentials' });
export const clientIdRequestSchema = z.object({ clientId: clientIdField });
export const upgradeAccountRequestSchema = z.object({}).strict();
export const upgradeAccountResponseSchema = z.object({
  status: z.literal('requested'),
  requestedAt: z.string(),
});

/** The welcome form's fields are the CreateUser body (spec §3 "Welcome update"). */
export const welcomeRequestSchema = welcomeSchema;

/** Settings the server hands to the app at run time, so one build serves every deployment. */
export const appConfigSchema = z
  .object({
    links: z.object({
      roadmap: z.string(),
      documentation: z.string(),
      support: z.string(),
      /** Legal pages linked from the registration checkboxes; the labels stay plain text without them. */
      termsOfService: z.string().optional(),
      privacyPolicy: z.string().optional(),
    }),
    /** The analytics tools switched on for this deployment; a tool that is absent is never loaded. */
    analytics: z.object({
      mixpanel: z.object({ token: z.string(), apiHost: z.string() }).optional(),
      googleAnalytics: z.object({ measurementId: z.string() }).optional(),
    }),
  })
  .meta({ id: 'AppConfig' });

export type TokenResponse = z.infer<typeof tokenResponseSchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type User = z.infer<typeof userSchema>;
export type UsernameAvailability = z.infer<typeof usernameAvailabilityResponseSchema>;
export type EmailAvailability = z.infer<typeof emailAvailabilityResponseSchema>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type WelcomeRequest = z.input<typeof welcomeRequestSchema>;
export type AppConfig = z.infer<typeof appConfigSchema>;
export type HealthResponse = z.infer<typeof healthResponseSchema>;
export type Client = z.infer<typeof clientSchema>;
export type GetClientsResponse = z.infer<typeof getClientsResponseSchema>;
export type ClientCredentials = z.infer<typeof clientCredentialsSchema>;
export type ClientIdRequest = z.infer<typeof clientIdRequestSchema>;
export type UpgradeAccountResponse = z.infer<typeof upgradeAccountResponseSchema>;

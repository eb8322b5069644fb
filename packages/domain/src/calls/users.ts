// The signed-in user's profile, and the registration form's availability checks (spec §7).
import {
  emailAvailabilityQuerySchema,
  emailAvailabilityResponseSchema,
  updateUserRequestSchema,
  usernameAvailabilityQuerySchema,
  usernameAvailabilityResponseSchema,
  userSchema,
  welcomeRequestSchema,
} from '../api.ts';
import { defineCall } from './define-call.ts';

export const getUser = defineCall({
  method: 'GET',
  path: '/api/GetUser',
  access: { kind: 'signedIn' },
  operationId: 'GetUser',
  tag: 'users',
  summary: 'The signed-in user; 404 profile_not_found when the profile is still to be completed',
  responses: { 200: userSchema },
  errors: [401, 404, 429],
});

export const createUser = defineCall({
  method: 'POST',
  path: '/api/CreateUser',
  access: { kind: 'signedIn' },
  operationId: 'CreateUser',
  tag: 'users',
  summary: 'Complete the profile of an account that has none (creates profile and trial company)',
  body: welcomeRequestSchema,
  responses: { 201: userSchema },
  errors: [400, 401, 409, 429],
});

export const updateUser = defineCall({
  method: 'PUT',
  path: '/api/UpdateUser',
  access: { kind: 'signedIn' },
  operationId: 'UpdateUser',
  tag: 'users',
  summary: 'Change names, company name and password; a password change signs out every other session',
  body: updateUserRequestSchema,
  responses: { 200: userSchema },
  errors: [400, 401, 403, 404, 429],
});

export const checkUsernameRegistered = defineCall({
  method: 'GET',
  path: '/api/CheckUsernameRegistered',
  access: { kind: 'public' },
  operationId: 'CheckUsernameRegistered',
  tag: 'users',
  summary: 'Whether a username is taken',
  query: usernameAvailabilityQuerySchema,
  responses: { 200: usernameAvailabilityResponseSchema },
  errors: [400, 429],
});

export const checkEmailRegistered = defineCall({
  method: 'GET',
  path: '/api/CheckEmailRegistered',
  access: { kind: 'public' },
  operationId: 'CheckEmailRegistered',
  tag: 'users',
  summary: 'Whether an email is taken',
  query: emailAvailabilityQuerySchema,
  responses: { 200: emailAvailabilityResponseSchema },
  errors: [400, 429],
});

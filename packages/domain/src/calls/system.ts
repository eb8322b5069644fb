// Health checks for load balancers, the settings the web app runs with, and the API description.
import { z } from 'zod';
import { appConfigSchema, healthResponseSchema, livenessResponseSchema } from '../api.ts';
import { defineCall } from './define-call.ts';

const readiness_ = {
  method: 'GET',
  access: { kind: 'public' },
  tag: 'system',
  summary: 'Whether the portal can serve: its database, and how revocations reach other instances',
  // 503 while the database is away (a load balancer should send requests elsewhere).
  responses: { 200: healthResponseSchema, 503: healthResponseSchema },
  errors: [429],
} as const;

/** Two paths, one answer: each is an operation of its own in the API description. */
export const health = defineCall({ ...readiness_, path: '/api/health', operationId: 'health' });
export const readiness = defineCall({ ...readiness_, path: '/api/health/ready', operationId: 'readiness' });

export const liveness = defineCall({
  method: 'GET',
  path: '/api/health/live',
  access: { kind: 'public' },
  operationId: 'liveness',
  tag: 'system',
  summary: 'Whether the process is up (restart it when this stops answering)',
  responses: { 200: livenessResponseSchema },
  errors: [429],
});

export const config = defineCall({
  method: 'GET',
  path: '/api/config',
  access: { kind: 'public' },
  operationId: 'config',
  tag: 'system',
  summary: 'Settings of this deployment the web app needs (sidebar and legal links, analytics tools)',
  responses: { 200: appConfigSchema },
  errors: [429],
});

/** The API description itself, generated from these contracts (not described in itself). */
export const openapiDocument = defineCall({
  method: 'GET',
  path: '/api/openapi.json',
  access: { kind: 'public' },
  operationId: 'openapiDocument',
  tag: 'system',
  summary: 'The OpenAPI description of every call',
  hidden: true,
  responses: { 200: z.record(z.string(), z.unknown()) },
  errors: [429],
});

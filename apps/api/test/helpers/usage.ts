// Usage test data: the hourly rows as stored, and GetClientUsage calls.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ClientUsage } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { credentialUsageHourly } from '../../src/db/schema.ts';
import { bearer, callTo } from './factories.ts';

/** The stored hourly counts of one credential as `hour scope code` → count, written so far. */
export async function usageRows(app: FastifyInstance, clientId: string): Promise<Record<string, number>> {
  const rows = await app.db
    .select()
    .from(credentialUsageHourly)
    .where(eq(credentialUsageHourly.clientId, clientId));
  return Object.fromEntries(
    rows.map((row) => [`${row.hour.toISOString()} ${row.scope} ${row.code}`, Number(row.count)]),
  );
}

export const getClientUsage = (app: FastifyInstance, token: string, query: Record<string, string>) =>
  app.inject({ ...callTo(tokens.getClientUsage), headers: bearer(token), query });

export async function clientUsage(
  app: FastifyInstance,
  token: string,
  query: Record<string, string>,
): Promise<ClientUsage> {
  const response = await getClientUsage(app, token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClientUsage>();
}

// GetClients, the dashboard's list of tokens: the entry asks for it when the first address is the
// dashboard (lib/early-call.ts), and the tokens query (./get-clients.ts) takes that answer. No data cache
// here: the entry imports this module.
import type { Client } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { call } from '@/lib/api-client';
import { earlyCall } from '@/lib/early-call';

/** The company's tokens, newest first. */
async function getClients(signal?: AbortSignal): Promise<Client[]> {
  const { clients } = await call(tokens.getClients, {}, { signal });
  return clients;
}

export const earlyClients = earlyCall(getClients);

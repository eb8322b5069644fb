// The console's verifier keys (design §8, §11 "Screens"): the same service as `verifier-key
// create|list|revoke`. The key itself is in the creation's answer only; the list shows its first
// characters. A revocation is announced on the credential bus: every instance refuses the key at once.
import type { FastifyPluginAsync } from 'fastify';
import { CONSOLE_TOOL_MESSAGES, type VerifierKey } from '@datafeeds/domain';
import { consoleTools } from '@datafeeds/domain/calls';
import { conflict, notFound } from '../../lib/errors.ts';
import type { VerifierKeyRow } from '../../plugins/app/verification/index.ts';
import { registerCall } from '../register-call.ts';
import { staffActionContext } from './staff-action-context.ts';

const shown = (row: VerifierKeyRow): VerifierKey => ({
  id: row.id,
  name: row.name,
  keyStart: row.keyStart,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const verifierKeyRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, consoleTools.listVerifierKeys, async () => ({
    keys: (await app.verifierKeys.list()).map(shown),
  }));

  registerCall(app, consoleTools.createVerifierKey, async ({ body, request }) => {
    const { row, key } = await app.verifierKeys.create(body.name, staffActionContext(request));
    return { key: shown(row), secret: key, message: CONSOLE_TOOL_MESSAGES.verifierKeyCreated(row.name) };
  });

  registerCall(app, consoleTools.revokeVerifierKey, async ({ body, request }) => {
    const revoked = await app.verifierKeys.revoke(body.id, staffActionContext(request));
    if (revoked === 'not_found') throw notFound(CONSOLE_TOOL_MESSAGES.verifierKeyNotFound);
    if (revoked === 'already_revoked') throw conflict(CONSOLE_TOOL_MESSAGES.verifierKeyAlreadyRevoked);
    return { message: CONSOLE_TOOL_MESSAGES.verifierKeyRevoked(revoked.name) };
  });
};

export default verifierKeyRoutes;

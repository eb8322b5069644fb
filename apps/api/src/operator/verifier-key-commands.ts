// `verifier-key create|list|revoke` (design §8): the provider team's keys for data-feed services.
import type { VerifierKeys } from '../plugins/app/verification/index.ts';
import type { ActionResult } from './provider-team.ts';
import { OPERATOR_CONTEXT } from '../plugins/app/audit/index.ts';

const MAX_NAME_LENGTH = 100;

export function createVerifierKeyCommands(keys: VerifierKeys) {
  return {
    async create(nameText: string): Promise<ActionResult> {
      const name = nameText.trim();
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
      if (name === '' || name.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(name)) {
        return { ok: false, output: `Name the service in 1 to ${MAX_NAME_LENGTH} printable characters.` };
      }
      const { row, key } = await keys.create(name, OPERATOR_CONTEXT);
      return {
        ok: true,
        output: [
          `Verifier key "${row.name}" created (id ${row.id}).`,
          '',
          `  ${key}`,
          '',
          'Copy it now: it is shown this once and cannot be read again. Give it to the data-feed',
          'service as VERIFIER_KEY; revoke it with `verifier-key revoke <id>`.',
        ].join('\n'),
      };
    },

    async list(): Promise<ActionResult> {
      const rows = await keys.list();
      const lines = [`Verifier keys: ${rows.length}`];
      for (const row of rows) {
        lines.push(
          `  ${row.id}  "${row.name}"  ${row.keyStart}…  created ${row.createdAt.toISOString()}` +
            `  last used ${row.lastUsedAt?.toISOString() ?? 'never'}` +
            `  ${row.revokedAt ? `revoked ${row.revokedAt.toISOString()}` : 'live'}`,
        );
      }
      return { ok: true, output: lines.join('\n') };
    },

    async revoke(id: string): Promise<ActionResult> {
      const row = await keys.revoke(id, OPERATOR_CONTEXT);
      if (typeof row === 'string') return { ok: false, output: `No live verifier key with id ${id}.` };
      return {
        ok: true,
        output: `Verifier key "${row.name}" (${row.id}) is revoked: its calls are refused from now on.`,
      };
    },
  };
}

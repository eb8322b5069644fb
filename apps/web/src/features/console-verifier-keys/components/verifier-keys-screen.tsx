// Verifier keys (design §11 "Screens"): the keys data feeds check API tokens with. Every staff
// member sees them; only an admin creates or revokes one (CONSOLE_POLICY.manageVerifierKeys).
import { useId, useState } from 'react';
import type { VerifierKey } from '@datafeeds/domain';
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { ConfirmActionDialog } from '@/components/console/action-dialog';
import { ConsolePageHeader } from '@/components/console/console-page-header';
import { QueryState } from '@/components/console/query-state';
import { CreateKeyDialog } from './create-key-dialog';
import { useVerifierKeys } from '../api/get-verifier-keys';
import { VerifierKeysTable } from './verifier-keys-table';

const VERIFIER_KEYS_TITLE = 'Verifier keys';

export function VerifierKeysScreen() {
  const keys = useVerifierKeys();
  // The role's refusal is said once, above the table, for the screen's every button.
  const reasonId = useId();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<VerifierKey | null>(null);
  const [revokeOpen, setRevokeOpen] = useState(false);
  return (
    <>
      <ConsolePageHeader
        title={VERIFIER_KEYS_TITLE}
        subtitle="Each data feed checks API tokens with a key of its own. A revoked key is refused at once."
        mainAction={{
          action: 'manageVerifierKeys',
          label: 'Create key',
          onClick: () => setCreating(true),
          reasonId,
        }}
      />
      <QueryState
        query={keys}
        loadingLabel="Loading verifier keys"
        failedText="The verifier keys could not be loaded. Check your connection and try again."
        isEmpty={({ keys: list }) => list.length === 0}
        emptyText="No verifier keys yet."
      >
        {({ keys: list }) => (
          <VerifierKeysTable
            keys={list}
            reasonId={reasonId}
            onRevoke={(key) => {
              setRevoking(key);
              setRevokeOpen(true);
            }}
          />
        )}
      </QueryState>
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmActionDialog
        open={revokeOpen}
        onClose={() => setRevokeOpen(false)}
        title="Revoke verifier key"
        text={
          <>
            Revoke <strong>{revoking?.name}</strong> (key starting {revoking?.keyStart})? The data feed using
            it is refused from now on, and a revoked key cannot be used again.
          </>
        }
        confirmLabel="Revoke"
        confirmColor="error"
        call={consoleTools.revokeVerifierKey}
        body={{ id: revoking?.id ?? '' }}
      />
    </>
  );
}

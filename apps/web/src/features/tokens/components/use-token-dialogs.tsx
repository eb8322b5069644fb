import { lazy, Suspense, useState } from 'react';
import type { Client } from '@datafeeds/domain';
import { useFocusReturn } from '@/components/a11y/use-focus-return';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { usePermission, type Permission } from '@/lib/account/use-permission';

// Loaded at their first opening: their mutations and the domain's messages, and the zod schemas those
// reach, are no part of the dashboard's first load (budget in build/budget.ts).
const DeleteTokenDialog = lazy(() =>
  import('./delete-token-dialog').then(({ DeleteTokenDialog }) => ({ default: DeleteTokenDialog })),
);
const RotateTokenDialog = lazy(() =>
  import('./rotate-token-dialog').then(({ RotateTokenDialog }) => ({ default: RotateTokenDialog })),
);

interface DialogTarget {
  kind: 'delete' | 'rotate';
  /** One token, or several for the dashboard's "Delete selected". */
  clients: readonly Client[];
  /** After a delete dialog's deletions (the dashboard clears its selection). */
  onFinished?: () => void;
  open: boolean;
  /** A fresh dialog (and mutation) for every opening. */
  key: number;
}

interface TokenDialogsOptions {
  onDeleted?: () => void;
  /** After the user closes the new credentials of a successful rotation. */
  onRotated?: () => void;
}

export interface TokenActions {
  /** Whether the signed-in user's role may rotate or delete (design §9), and why not. */
  rotatePermission: Permission;
  deletePermission: Permission;
  openDelete: (client: Client) => void;
  openRotate: (client: Client) => void;
  openDeleteMany: (clients: readonly Client[], onFinished: () => void) => void;
}

/**
 * The delete and rotate dialogs of one screen. Call it where the dialogs outlive the rows that open them
 * (the last deleted token turns the table into the empty state while the dialog is still reporting).
 */
export function useTokenDialogs({ onDeleted, onRotated }: TokenDialogsOptions = {}) {
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const rememberOpener = useFocusReturn(target?.open ?? false);
  const open = (kind: DialogTarget['kind'], clients: readonly Client[], onFinished?: () => void) => {
    rememberOpener();
    setTarget((current) => ({ kind, clients, onFinished, open: true, key: (current?.key ?? 0) + 1 }));
  };
  // The client stays while the dialog fades out.
  const close = () => setTarget((current) => current && { ...current, open: false });

  const rotatePermission = usePermission('rotateToken');
  const deletePermission = usePermission('deleteToken');
  const actions: TokenActions = {
    rotatePermission,
    deletePermission,
    openDelete: (client) => {
      track(EVENTS.clickedDeleteToken);
      open('delete', [client]);
    },
    openRotate: (client) => {
      track(EVENTS.clickedRotateToken);
      open('rotate', [client]);
    },
    openDeleteMany: (clients, onFinished) => {
      track(EVENTS.clickedDeleteToken);
      open('delete', clients, onFinished);
    },
  };
  let dialogs = null;
  if (target?.kind === 'delete') {
    dialogs = (
      <DeleteTokenDialog
        key={target.key}
        clients={target.clients}
        open={target.open}
        onClose={close}
        onFinished={target.onFinished}
        onDeleted={onDeleted}
      />
    );
  } else if (target?.kind === 'rotate' && target.clients[0]) {
    dialogs = (
      <RotateTokenDialog
        key={target.key}
        client={target.clients[0]}
        open={target.open}
        onClose={(rotated) => {
          close();
          if (rotated) onRotated?.();
        }}
      />
    );
  }
  // A boundary of their own: while a dialog's code loads, the page around it stays as it is.
  return { actions, dialogs: <Suspense fallback={null}>{dialogs}</Suspense> };
}

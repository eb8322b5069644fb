import { useState } from 'react';
import type { Client } from '@datafeeds/domain';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { DeleteTokenDialog } from './delete-token-dialog';
import { RotateTokenDialog } from './rotate-token-dialog';

interface DialogTarget {
  kind: 'delete' | 'rotate';
  client: Client;
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
  openDelete: (client: Client) => void;
  openRotate: (client: Client) => void;
}

/**
 * The delete and rotate dialogs of one screen. Call it where the dialogs outlive the rows that open them
 * (the last deleted token turns the table into the empty state while the dialog is still reporting).
 */
export function useTokenDialogs({ onDeleted, onRotated }: TokenDialogsOptions = {}) {
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const open = (kind: DialogTarget['kind']) => (client: Client) =>
    setTarget((current) => ({ kind, client, open: true, key: (current?.key ?? 0) + 1 }));
  // The client stays while the dialog fades out.
  const close = () => setTarget((current) => current && { ...current, open: false });

  const actions: TokenActions = {
    openDelete: (client) => {
      track(EVENTS.clickedDeleteToken);
      open('delete')(client);
    },
    openRotate: (client) => {
      track(EVENTS.clickedRotateToken);
      open('rotate')(client);
    },
  };
  let dialogs = null;
  if (target?.kind === 'delete') {
    dialogs = (
      <DeleteTokenDialog
        key={target.key}
        client={target.client}
        open={target.open}
        onClose={close}
        onDeleted={onDeleted}
      />
    );
  } else if (target?.kind === 'rotate') {
    dialogs = (
      <RotateTokenDialog
        key={target.key}
        client={target.client}
        open={target.open}
        onClose={(rotated) => {
          close();
          if (rotated) onRotated?.();
        }}
      />
    );
  }
  return { actions, dialogs };
}

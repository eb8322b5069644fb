// The two changes to a member that ask first: removing them, and handing them ownership. Each says what
// follows, because neither can be undone from the removed or demoted person's side.
import { useId, type ReactNode } from 'react';
import type { TeamMember } from '@datafeeds/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRemoveMember, useTransferOwnership } from '../api/team-changes';
import { useChangeFeedback } from './change-feedback';
import { memberName, ownershipText, removedText } from './team-texts';

export const REMOVE_DIALOG_TITLE = 'Remove member';
export const OWNER_DIALOG_TITLE = 'Make owner';

interface MemberDialogProps {
  /** The member the dialog is about; it stays set while the dialog fades out. */
  member: TeamMember | null;
  open: boolean;
  onClose: () => void;
}

interface ConfirmDialogProps extends MemberDialogProps {
  title: string;
  text: (name: string) => ReactNode;
  confirmLabel: string;
  color: 'error' | 'primary';
  change: UseMutationResult<unknown, Error, string>;
  done: (name: string) => string;
}

function ConfirmMemberDialog({
  member,
  open,
  onClose,
  title,
  text,
  confirmLabel,
  color,
  change,
  done,
}: ConfirmDialogProps) {
  const id = useId();
  const feedback = useChangeFeedback();
  const busy = change.isPending;
  const name = member ? memberName(member) : '';
  const confirm = () => {
    if (!member) return;
    change.mutate(member.id, {
      onSuccess: () => feedback.onSuccess(done(name)),
      onError: feedback.onError,
      onSettled: onClose,
    });
  };
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !busy) onClose();
      }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text(name)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={confirm} loading={busy} color={color} variant="contained">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function RemoveMemberDialog(props: MemberDialogProps) {
  const change = useRemoveMember();
  return (
    <ConfirmMemberDialog
      {...props}
      change={change}
      title={REMOVE_DIALOG_TITLE}
      confirmLabel="Remove"
      color="error"
      done={removedText}
      text={(name) =>
        `${name} will be signed out everywhere at once and can no longer open the company's tokens. ` +
        'The tokens they created stay with the company and keep working.'
      }
    />
  );
}

export function TransferOwnershipDialog(props: MemberDialogProps) {
  const change = useTransferOwnership();
  return (
    <ConfirmMemberDialog
      {...props}
      change={change}
      title={OWNER_DIALOG_TITLE}
      confirmLabel="Make owner"
      color="primary"
      done={ownershipText}
      text={(name) =>
        `${name} becomes the owner of the company and you become an admin. Only the owner can request ` +
        'the upgrade and hand ownership over, so you cannot undo this yourself.'
      }
    />
  );
}

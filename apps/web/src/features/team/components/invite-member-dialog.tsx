// "Invite member": an email and a role (admin or member; ownership moves only by a hand-over). The
// server's refusals land on the email field (already a member, already invited) or above the form.
import {
  ASSIGNABLE_ROLES,
  COMPANY_ROLE_LABELS,
  INVITATION_TTL_DAYS,
  inviteMemberRequestSchema,
  type InviteMemberRequest,
} from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formDialogClose } from '@/components/form/form-dialog-close';
import { FormDialog } from '@/components/form/form-dialog';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { InvitationFields } from '@/components/form/invitation-fields';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { isHttpError } from '@/lib/api-errors';
import { useInviteMember } from '../api/team-changes';
import { refusalMessage } from './change-feedback';
import { invitedText } from './team-texts';

export const INVITE_DIALOG_TITLE = 'Invite member';

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: COMPANY_ROLE_LABELS[role] }));
const FIELDS = new Set<string>(['email', 'role']);

/** Puts the server's refusal on the field it is about; answers whether it found one. */
function placeOnField(error: unknown, setError: (field: 'email' | 'role', message: string) => void): boolean {
  if (!isHttpError(error) || !error.data) return false;
  const details = (error.data.details ?? []).filter(({ field }) => FIELDS.has(field));
  for (const { field, message } of details) setError(field as 'email' | 'role', message);
  // A conflict (already a member, already invited) is about the address.
  if (error.status === 409) setError('email', error.data.message);
  return details.length > 0 || error.status === 409;
}

export function InviteMemberDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteMember();
  const showSnackbar = useSnackbar();
  const { control, handleSubmit, setError, reset } = useForm<InviteMemberRequest>({
    resolver: zodResolver(inviteMemberRequestSchema),
    mode: 'onBlur',
    defaultValues: { email: '', role: 'member' },
  });
  const busy = invite.isPending;
  const close = formDialogClose(busy, onClose, reset, invite.reset);

  const onSubmit = handleSubmit((values) => {
    invite.mutate(values, {
      onSuccess: () => {
        showSnackbar(invitedText(values.email));
        reset();
        onClose();
      },
      onError: (error) => {
        if (placeOnField(error, (field, message) => setError(field, { type: 'server', message })))
          invite.reset();
      },
    });
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={INVITE_DIALOG_TITLE}
      description={
        <>
          We email them a link to join your company. It works once and for {INVITATION_TTL_DAYS} days. Admins
          can also rotate and delete tokens and manage the team; members see every token and create new ones.
        </>
      }
      onSubmit={onSubmit}
      submitLabel="Send invitation"
      busy={busy}
    >
      <FormErrorAlert show={invite.isError}>{refusalMessage(invite.error)}</FormErrorAlert>
      <InvitationFields control={control} roleOptions={ROLE_OPTIONS} disabled={busy} />
    </FormDialog>
  );
}

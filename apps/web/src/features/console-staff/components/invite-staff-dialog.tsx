// "Invite staff member" (design §11 "Staff accounts"): an email and a role; the server emails a
// single-use setup link (48 hours). A refusal about the address (already a member) lands on its field.
import { STAFF_ROLES, STAFF_SETUP_TTL_SECONDS, createStaffRequestSchema } from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { formDialogClose } from '@/components/form/form-dialog-close';
import { FormDialog } from '@/components/form/form-dialog';
import { InvitationFields } from '@/components/form/invitation-fields';
import { mutationFailure } from '@/components/console/console-action';
import { placeRefusals } from '@/components/console/form-refusals';
import { useInviteStaff, type InviteStaffValues } from '../api/invite-staff';
import { STAFF_ROLE_LABELS } from './staff-texts';

const INVITE_STAFF_TITLE = 'Invite staff member';
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
const FIELDS = ['email', 'role'] as const;

export function InviteStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteStaff();
  const showSnackbar = useSnackbar();
  const { control, handleSubmit, setError, reset } = useForm<InviteStaffValues>({
    resolver: zodResolver(createStaffRequestSchema),
    mode: 'onBlur',
    defaultValues: { email: '', role: 'support' },
  });
  const busy = invite.isPending;
  const close = formDialogClose(busy, onClose, reset, invite.reset);
  const onSubmit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (answer) => {
        showSnackbar(answer.message);
        reset();
        onClose();
      },
      // An address already in use is about the address.
      onError: (error) => {
        if (placeRefusals(error, FIELDS, setError, 'email')) invite.reset();
      },
    }),
  );
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={INVITE_STAFF_TITLE}
      description={
        <>
          We email them a setup link that works once, for {STAFF_SETUP_TTL_SECONDS / 3600} hours: they set a
          password and an authenticator. Support helps companies; admins also manage plans, verifier keys and
          staff.
        </>
      }
      onSubmit={onSubmit}
      submitLabel="Send setup link"
      busy={busy}
      failure={mutationFailure(invite)}
    >
      <InvitationFields control={control} roleOptions={ROLE_OPTIONS} disabled={busy} />
    </FormDialog>
  );
}

// "Invite staff member" (design §11 "Staff accounts"): an email and a role; the server emails a
// single-use setup link (48 hours). A refusal about the address (already a member) lands on its field.
import { useId } from 'react';
import { STAFF_ROLES, STAFF_SETUP_TTL_SECONDS, createStaffRequestSchema } from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { isHttpError } from '@/lib/api-errors';
import { fieldRefusals, refusalMessage } from '../tool-errors';
import { useInviteStaff, type InviteStaffValues } from './staff-api';
import { STAFF_ROLE_LABELS } from './staff-texts';

const INVITE_STAFF_TITLE = 'Invite staff member';
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
const FIELDS = ['email', 'role'] as const;

export function InviteStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const invite = useInviteStaff();
  const showSnackbar = useSnackbar();
  const { control, handleSubmit, setError, reset } = useForm<InviteStaffValues>({
    resolver: zodResolver(createStaffRequestSchema),
    mode: 'onBlur',
    defaultValues: { email: '', role: 'support' },
  });
  const busy = invite.isPending;
  const close = () => {
    if (busy) return;
    reset();
    invite.reset();
    onClose();
  };
  const onSubmit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (answer) => {
        showSnackbar(answer.message);
        reset();
        onClose();
      },
      onError: (error) => {
        const refusals = fieldRefusals(error, FIELDS);
        if (isHttpError(error, 409) && error.data) refusals.email ??= error.data.message;
        const fields = FIELDS.filter((field) => refusals[field] !== undefined);
        fields.forEach((field, index) =>
          setError(field, { type: 'server', message: refusals[field] }, { shouldFocus: index === 0 }),
        );
        if (fields.length > 0) invite.reset();
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate aria-label={INVITE_STAFF_TITLE} onSubmit={onSubmit}>
        <DialogTitle id={`${id}-title`}>{INVITE_STAFF_TITLE}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
            We email them a setup link that works once, for {STAFF_SETUP_TTL_SECONDS / 3600} hours: they set a
            password and an authenticator. Support helps companies; admins also manage plans, verifier keys
            and staff.
          </DialogContentText>
          <FormErrorAlert show={invite.isError}>{refusalMessage(invite.error)}</FormErrorAlert>
          <FormTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
            autoFocus
            disabled={busy}
          />
          <FormSelectField
            control={control}
            name="role"
            label="Role"
            options={ROLE_OPTIONS}
            disabled={busy}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Send setup link
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

// "Create verifier key" (design §11 "Screens"): a name for the data feed the key is for, then the
// key itself, shown this once with a copy button (it is stored as a hash). Closing the dialog forgets
// the key: once it is shown, neither a stray click beside the dialog nor Escape closes it, and "Done"
// before the key was copied asks first, as the customer's own secret reveal does.
import { useId, useState } from 'react';
import { CONSOLE_TOOL_MESSAGES, createVerifierKeyRequestSchema } from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { CopyButton } from '@/components/credentials/copy-button';
import { LeaveWithoutCopyingDialog } from '@/components/credentials/leave-without-copying-dialog';
import { formDialogClose } from '@/components/form/form-dialog-close';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { mutationFailure } from '@/components/console/console-action';
import { placeRefusals } from '@/components/console/form-refusals';
import { useCreateVerifierKey } from '../api/create-verifier-key';

const CREATE_KEY_TITLE = 'Create verifier key';
const KEY_SHOWN_ONCE =
  'Copy the key now and give it to the data feed: it is not shown again. Closing this dialog forgets it.';

interface NameValues {
  name: string;
}

export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const create = useCreateVerifierKey();
  const { control, handleSubmit, setError, reset } = useForm<NameValues>({
    resolver: zodResolver(createVerifierKeyRequestSchema),
    mode: 'onBlur',
    defaultValues: { name: '' },
  });
  const busy = create.isPending;
  const created = create.data;
  const [copied, setCopied] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const forget = formDialogClose(busy, onClose, reset, create.reset);
  const close = () => {
    setCopied(false);
    setConfirmingClose(false);
    forget();
  };
  const done = () => (copied ? close() : setConfirmingClose(true));
  const onSubmit = handleSubmit(({ name }) =>
    create.mutate(name, {
      onError: (error) => {
        if (placeRefusals(error, ['name'], setError)) create.reset();
      },
    }),
  );

  return (
    <>
      <FormDialog
        open={open && !created}
        onClose={close}
        title={CREATE_KEY_TITLE}
        description={
          <>
            A data feed checks the portal&apos;s API tokens with its verifier key. Name the data feed the key
            is for: the name tells the keys apart here and in the staff trail.
          </>
        }
        onSubmit={onSubmit}
        submitLabel="Create key"
        busy={busy}
        failure={mutationFailure(create)}
      >
        <FormTextField
          control={control}
          name="name"
          label="Name"
          autoComplete="off"
          autoFocus
          disabled={busy}
        />
      </FormDialog>
      {/* The key, shown once: the dialog closes by its button only. */}
      <Dialog
        open={open && Boolean(created)}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={`${id}-title`}>Verifier key created</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
            {created?.message}
          </DialogContentText>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {KEY_SHOWN_ONCE}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            Verifier key for {created?.key.name}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: 1, py: 1 }}>
              {created?.secret}
            </Box>
            {created ? (
              <CopyButton
                value={created.secret}
                label="verifier key"
                onCopyResult={(done) => done && setCopied(true)}
              />
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={done} variant="contained">
            Done
          </Button>
        </DialogActions>
        <LeaveWithoutCopyingDialog
          open={confirmingClose}
          onLeave={close}
          onStay={() => setConfirmingClose(false)}
          title={CONSOLE_TOOL_MESSAGES.verifierKeyLeaveTitle}
          text={CONSOLE_TOOL_MESSAGES.verifierKeyLeaveText}
        />
      </Dialog>
    </>
  );
}

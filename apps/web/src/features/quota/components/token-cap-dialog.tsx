// "Set daily cap" on API Token Details (design §10): a token's own limit per UTC day, below the plan's
// quota, or none. The field is checked as the server checks it; a refusal about the cap lands on the
// field, any other above the form. After a change the quota and the token reload, and a snackbar says so.
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { formDialogClose } from '@/components/form/form-dialog-close';
import { FormDialog } from '@/components/form/form-dialog';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { FormTextField } from '@/components/form/form-text-field';
import { isHttpError } from '@/lib/api-errors';
import { useSetTokenCap } from '../api/set-token-cap';
import { capFormSchema, parseCap, type CapFormValues } from './cap-form';
import {
  CAP_DIALOG_TITLE,
  CAP_FIELD_LABEL,
  CAP_SAVE_FAILED,
  capHint,
  capRemovedText,
  capSetText,
  REMOVE_CAP_BUTTON,
  SAVE_CAP_BUTTON,
} from './token-quota-texts';

interface TokenCapDialogProps {
  clientId: string;
  /** The token's nickname, for the snackbar. */
  label: string;
  dailyCap: number | null;
  /** The plan's quota, which the cap must stay below; null: unlimited. */
  dailyQuota: number | null;
  open: boolean;
  onClose: () => void;
}

/** The server's message about the cap itself (a 400 naming the field), or undefined. */
function capRefusal(error: unknown): string | undefined {
  if (!isHttpError(error, 400)) return undefined;
  return error.data?.details?.find(({ field }) => field === 'dailyCap')?.message;
}

function failureText(error: unknown): string {
  return isHttpError(error) && error.status < 500 && error.data ? error.data.message : CAP_SAVE_FAILED;
}

export function TokenCapDialog({
  clientId,
  label,
  dailyCap,
  dailyQuota,
  open,
  onClose,
}: TokenCapDialogProps) {
  const saving = useSetTokenCap();
  const showSnackbar = useSnackbar();
  const { control, handleSubmit, setError, reset } = useForm<CapFormValues>({
    resolver: zodResolver(capFormSchema(dailyQuota)),
    mode: 'onBlur',
    defaultValues: { dailyCap: dailyCap === null ? '' : String(dailyCap) },
  });
  const busy = saving.isPending;
  const close = formDialogClose(busy, onClose, reset, saving.reset);

  const save = (next: number | null) =>
    saving.mutate(
      { clientId, dailyCap: next },
      {
        onSuccess: (answer) => {
          showSnackbar(answer.dailyCap === null ? capRemovedText(label) : capSetText(label, answer.dailyCap));
          onClose();
        },
        onError: (error) => {
          const refusal = capRefusal(error);
          if (refusal === undefined) return;
          setError('dailyCap', { type: 'server', message: refusal }, { shouldFocus: true });
          saving.reset();
        },
      },
    );
  const onSubmit = handleSubmit(({ dailyCap: typed }) => save(parseCap(typed)));

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={CAP_DIALOG_TITLE}
      description={
        <>
          Limit how many requests <strong>{label}</strong> may make per UTC day. Once it reaches its cap, the
          data feed refuses its requests until the day&apos;s count resets; the company&apos;s quota still
          applies to all its tokens together.
        </>
      }
      onSubmit={onSubmit}
      submitLabel={SAVE_CAP_BUTTON}
      busy={busy}
      extraAction={
        dailyCap === null ? null : (
          <Button onClick={() => save(null)} disabled={busy} color="error" sx={{ mr: 'auto' }}>
            {REMOVE_CAP_BUTTON}
          </Button>
        )
      }
    >
      <FormErrorAlert show={saving.isError}>{failureText(saving.error)}</FormErrorAlert>
      <FormTextField
        control={control}
        name="dailyCap"
        label={CAP_FIELD_LABEL}
        hint={capHint(dailyQuota)}
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        disabled={busy}
      />
    </FormDialog>
  );
}

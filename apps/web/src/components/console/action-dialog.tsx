// The confirmation every console action shares (design §11): a form dialog that says what will happen,
// the action's own fields, the API's refusal when there is one (it stays in the dialog, beside what was
// asked), and Cancel / confirm. On success the snackbar says the API's sentence (console-action.ts).
import type { FormEvent, ReactNode } from 'react';
import type { CallDefinition, CallInput } from '@datafeeds/domain/calls';
import type { ButtonProps } from '@mui/material/Button';
import { FormDialog } from '@/components/form/form-dialog';
import { mutationFailure, useConsoleAction } from './console-action';

interface ActionDialogProps {
  open: boolean;
  title: string;
  /** What the action will do, naming what it acts on: the dialog's description. */
  text: ReactNode;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  busy: boolean;
  /** The refusal to show above the fields, if the last attempt failed. */
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children?: ReactNode;
}

/** The frame, for an action with fields: the caller owns the form and the mutation. */
export function ActionDialog({
  text,
  confirmLabel,
  confirmColor,
  busy,
  failure,
  onClose,
  children,
  ...dialogProps
}: ActionDialogProps) {
  return (
    <FormDialog
      {...dialogProps}
      description={text}
      submitLabel={confirmLabel}
      submitColor={confirmColor}
      busy={busy}
      failure={failure}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      {children}
    </FormDialog>
  );
}

type ConfirmActionDialogProps<Call extends CallDefinition> = Omit<
  ActionDialogProps,
  'busy' | 'failure' | 'onSubmit' | 'children'
> & {
  /** One of the console's actions, which answers `{ message }`. */
  call: Call;
  /** Its request: what it acts on (an id). */
  body: CallInput<Call>['body'];
};

/** An action without fields: confirming sends `body` to `call`; the dialog closes once it is done. */
export function ConfirmActionDialog<Call extends CallDefinition>({
  call,
  body,
  onClose,
  ...dialogProps
}: ConfirmActionDialogProps<Call>) {
  const action = useConsoleAction(call);
  // The dialog may stay mounted for the next target: it forgets this one's refusal when it closes.
  const close = () => {
    action.reset();
    onClose();
  };
  return (
    <ActionDialog
      {...dialogProps}
      busy={action.isPending}
      failure={mutationFailure(action)}
      onSubmit={(event) => {
        event.preventDefault();
        action.mutate(body, { onSuccess: close });
      }}
      onClose={close}
    />
  );
}

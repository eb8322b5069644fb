// A new token's credentials, shown once (design §3): the client ID and the secret in read-only
// monospace fields that wrap long values, each with a copy button, under a warning that the secret cannot
// be seen again. Used by the token request result view and the rotate dialog.
import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CopyButton } from './copy-button';

export const SECRET_WARNING_TITLE = 'Copy your Client Secret now';
export const SECRET_WARNING =
  'The Client Secret is shown only once and cannot be seen again. Store it somewhere safe before you leave this screen.';

export function copyByHandMessage(label: string): string {
  return `Your browser did not allow copying. The ${label} is selected: press Ctrl+C (⌘+C on a Mac) to copy it.`;
}

interface CredentialFieldProps {
  label: string;
  value: string;
  /** The value reached the clipboard, through the copy button or by the user's own copy. */
  onCopied?: () => void;
}

function CredentialField({ label, value, onCopied }: CredentialFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);

  const onCopyResult = (copied: boolean) => {
    setCopyFailed(!copied);
    if (copied) {
      onCopied?.();
      return;
    }
    // Neither copy method worked: select the value so one keyboard shortcut copies it.
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  return (
    <TextField
      id={id}
      label={label}
      value={value}
      multiline
      fullWidth
      helperText={copyFailed ? copyByHandMessage(label) : undefined}
      inputRef={inputRef}
      onFocus={(event) => event.target.select()}
      onCopy={() => onCopied?.()}
      slotProps={{
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end" sx={{ alignSelf: 'flex-start', mt: 1.5 }}>
              <CopyButton value={value} label={label} onCopyResult={onCopyResult} />
            </InputAdornment>
          ),
        },
        formHelperText: { 'aria-live': 'polite' } as Record<string, string>,
      }}
      sx={{
        minWidth: 0,
        '& textarea': { fontFamily: 'monospace', wordBreak: 'break-all', overflowWrap: 'anywhere' },
      }}
    />
  );
}

export interface ClientCredentialsProps {
  clientId: string;
  clientSecret: string;
  /** Called when the secret is copied, so a screen can stop warning about leaving without it. */
  onSecretCopied?: () => void;
}

export function ClientCredentials({ clientId, clientSecret, onSecretCopied }: ClientCredentialsProps) {
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Alert severity="warning">
        <AlertTitle>{SECRET_WARNING_TITLE}</AlertTitle>
        {SECRET_WARNING}
      </Alert>
      <CredentialField label="Client ID" value={clientId} />
      <CredentialField label="Client Secret" value={clientSecret} onCopied={onSecretCopied} />
    </Stack>
  );
}

// The staff setup link's page (design §11): the password (the staff rule, stricter than the customers',
// stated under the field before anything is typed) and the TOTP enrolment by QR code or text secret, then
// the 10 recovery codes, shown this once.
import {
  STAFF_MESSAGES,
  STAFF_SETUP_PROBLEMS,
  STAFF_SETUP_PROBLEM_MESSAGES,
  staffSetupFormSchema,
  type StaffSetup,
  type StaffSetupProblem,
} from '@datafeeds/domain/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { RouterLink } from '@/components/navigation/router-link';
import { isHttpError } from '@/lib/api-errors';
import { consolePaths } from '@/config/console-paths';
import { useCompleteStaffSetup } from '../api/complete-staff-setup';
import { useStaffSetup } from '../api/get-staff-setup';
import { RecoveryCodes } from './recovery-codes';

function setupProblemOf(error: unknown): StaffSetupProblem | undefined {
  if (!isHttpError(error)) return undefined;
  const code = error.data?.error;
  return STAFF_SETUP_PROBLEMS.find((problem) => problem === code);
}

export function StaffSetupPage({ token }: { token: string | null }) {
  const setup = useStaffSetup(token);
  if (token === null)
    return (
      <Alert severity="error" role="alert">
        {STAFF_SETUP_PROBLEM_MESSAGES.setup_link_invalid}
      </Alert>
    );
  if (setup.isPending) return <Typography>Reading the setup link…</Typography>;
  if (setup.isError) {
    const problem = setupProblemOf(setup.error);
    return (
      <Alert severity="error" role="alert">
        {problem
          ? STAFF_SETUP_PROBLEM_MESSAGES[problem]
          : 'The setup link could not be read. Please try again.'}
      </Alert>
    );
  }
  return <SetupForm token={token} setup={setup.data} />;
}

function QrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void qrSvg(uri, { type: 'svg', margin: 1 }).then((markup) => current && setSvg(markup));
    return () => {
      current = false;
    };
  }, [uri]);
  if (svg === null) return null;
  return (
    <Box
      role="img"
      aria-label="QR code to scan with your authenticator app"
      sx={{ width: 200, height: 200, my: 1 }}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

function SetupForm({ token, setup }: { token: string; setup: StaffSetup }) {
  const complete = useCompleteStaffSetup(token);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(staffSetupFormSchema),
    mode: 'onBlur',
    defaultValues: { password: '', confirmPassword: '', code: '' },
  });

  if (complete.isSuccess) return <RecoveryCodes codes={complete.data.recoveryCodes} />;

  const problem = setupProblemOf(complete.error);
  const fieldRefused = isHttpError(complete.error, 400) && (complete.error.data?.details?.length ?? 0) > 0;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Set up your console account"
      onSubmit={handleSubmit(({ password, code }) =>
        complete.mutate(
          { password, code },
          {
            onError: (error) => {
              if (!isHttpError(error, 400)) return;
              for (const detail of error.data?.details ?? []) {
                if (detail.field === 'password' || detail.field === 'code')
                  setError(detail.field, { type: 'server', message: detail.message }, { shouldFocus: true });
              }
            },
          },
        ),
      )}
    >
      <FormErrorAlert show={complete.isError && !fieldRefused}>
        {problem ? STAFF_SETUP_PROBLEM_MESSAGES[problem] : (complete.error?.message ?? '')}
      </FormErrorAlert>
      <Typography sx={{ mb: 2 }}>
        Account <strong>{setup.email}</strong>, role <strong>{setup.role}</strong>.
      </Typography>
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="new-password"
        hint={STAFF_MESSAGES.passwordRule}
        required
      />
      <PasswordField
        control={control}
        name="confirmPassword"
        label="Confirm Password"
        autoComplete="new-password"
        required
      />
      <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
        Authenticator
      </Typography>
      <Typography>Scan this QR code with your authenticator app, or type the secret into it.</Typography>
      <QrCode uri={setup.otpauthUri} />
      <Typography sx={{ mb: 2 }}>
        Secret: <code aria-label="Authenticator secret">{setup.totpSecret}</code>
      </Typography>
      <FormTextField
        control={control}
        name="code"
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
      />
      <SubmitButton loading={complete.isPending}>Set up account</SubmitButton>
      <Typography sx={{ mt: 2 }}>
        Already set up? <RouterLink to={consolePaths.login}>Sign in</RouterLink>
      </Typography>
    </Box>
  );
}

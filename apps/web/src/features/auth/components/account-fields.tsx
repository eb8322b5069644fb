// The sign-in and consent fields both registrations share (/register and registration through an
// invitation): username, password, optional phone, and the two checkboxes that must be ticked.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormCheckbox } from '@/components/form/form-checkbox';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { useAppConfig } from '@/lib/use-app-config';
import { LegalLinkLabel } from './legal-link-label';

type AccountValues = {
  username: string;
  password: string;
  phone?: string | undefined;
  userHasAgreedToTermsOfService: boolean;
  userHasReadPrivacyPolicy: boolean;
};

interface AccountFieldsProps<TValues extends FieldValues> {
  control: Control<TValues>;
  disabled: boolean;
  /** The screen's availability check when the username field is left. */
  onUsernameBlur: (value: string) => void;
}

export function AccountFields<TValues extends AccountValues>({
  control,
  disabled,
  onUsernameBlur,
}: AccountFieldsProps<TValues>) {
  const links = useAppConfig().data?.links;
  // The generic form type hides that these paths exist; the type constraint guarantees that they do.
  const path = (name: keyof AccountValues) => name as FieldPath<TValues>;
  return (
    <>
      <FormTextField
        control={control}
        name={path('username')}
        label="Username"
        autoComplete="username"
        disabled={disabled}
        onBlur={onUsernameBlur}
      />
      <PasswordField
        control={control}
        name={path('password')}
        label="Password"
        autoComplete="new-password"
        disabled={disabled}
      />
      <FormTextField
        control={control}
        name={path('phone')}
        label="Phone"
        type="tel"
        autoComplete="tel"
        hint="Optional"
        disabled={disabled}
      />
      <FormCheckbox
        control={control}
        name={path('userHasAgreedToTermsOfService')}
        disabled={disabled}
        label={
          <LegalLinkLabel prefix="I agree to the" document="Terms of Service" href={links?.termsOfService} />
        }
      />
      <FormCheckbox
        control={control}
        name={path('userHasReadPrivacyPolicy')}
        disabled={disabled}
        label={
          <LegalLinkLabel prefix="I have read the" document="Privacy Policy" href={links?.privacyPolicy} />
        }
      />
    </>
  );
}

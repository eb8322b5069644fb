// The name and company fields that registration, welcome and the profile share, laid out alike: first
// and last name side by side from the sm breakpoint, the company below. Registration through an
// invitation has the names only (the company is the inviter's).
import Box from '@mui/material/Box';
import LockOutlined from '@/components/icons/lock-outlined';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FIELD_LABELS } from '@datafeeds/domain';
import { FormTextField } from './form-text-field';

type PersonValues = {
  firstName: string;
  lastName: string;
};

export type PersonAndCompanyValues = PersonValues & {
  companyName: string;
};

interface FieldsProps<TValues extends FieldValues> {
  control: Control<TValues>;
  disabled: boolean;
  autoFocus?: boolean;
}

export function PersonNameFields<TValues extends PersonValues>({
  control,
  disabled,
  autoFocus = false,
}: FieldsProps<TValues>) {
  // The generic form type hides that these paths exist; the type constraint guarantees that they do.
  const path = (name: keyof PersonValues) => name as FieldPath<TValues>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      <FormTextField
        control={control}
        name={path('firstName')}
        label={FIELD_LABELS.firstName}
        autoComplete="given-name"
        autoFocus={autoFocus}
        disabled={disabled}
      />
      <FormTextField
        control={control}
        name={path('lastName')}
        label={FIELD_LABELS.lastName}
        autoComplete="family-name"
        disabled={disabled}
      />
    </Box>
  );
}

interface PersonAndCompanyFieldsProps<TValues extends FieldValues> extends FieldsProps<TValues> {
  /** Why the company's name cannot be changed here (the user's role), which keeps it read-only. */
  companyLockedReason?: string | null;
}

export function PersonAndCompanyFields<TValues extends PersonAndCompanyValues>({
  control,
  disabled,
  autoFocus = false,
  companyLockedReason = null,
}: PersonAndCompanyFieldsProps<TValues>) {
  return (
    <>
      <PersonNameFields control={control} disabled={disabled} autoFocus={autoFocus} />
      <FormTextField
        control={control}
        name={'companyName' as FieldPath<TValues>}
        label={FIELD_LABELS.companyName}
        autoComplete="organization"
        disabled={disabled}
        readOnly={companyLockedReason !== null}
        hint={companyLockedReason ?? undefined}
        endAdornment={
          companyLockedReason === null ? undefined : (
            <LockOutlined titleAccess="Read-only" fontSize="small" color="action" />
          )
        }
      />
    </>
  );
}

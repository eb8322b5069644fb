// The name and company fields that registration, welcome and the profile share, laid out alike: first
// and last name side by side from the sm breakpoint, the company below.
import Box from '@mui/material/Box';
import type { Control, FieldPath } from 'react-hook-form';
import { FIELD_LABELS } from '@datafeeds/domain';
import { FormTextField } from './form-text-field';

export type PersonAndCompanyValues = {
  firstName: string;
  lastName: string;
  companyName: string;
};

export interface PersonAndCompanyFieldsProps<TValues extends PersonAndCompanyValues> {
  control: Control<TValues>;
  disabled: boolean;
  autoFocus?: boolean;
}

export function PersonAndCompanyFields<TValues extends PersonAndCompanyValues>({
  control,
  disabled,
  autoFocus = false,
}: PersonAndCompanyFieldsProps<TValues>) {
  // The generic form type hides that these paths exist; the type constraint guarantees that they do.
  const path = (name: keyof PersonAndCompanyValues) => name as FieldPath<TValues>;
  return (
    <>
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
      <FormTextField
        control={control}
        name={path('companyName')}
        label={FIELD_LABELS.companyName}
        autoComplete="organization"
        disabled={disabled}
      />
    </>
  );
}

// The fields of an invitation, to a company (a member) or to the console (a staff member): the address
// the link goes to, and the role the invited person gets. The email field takes the focus.
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormSelectField, type FormSelectFieldProps } from './form-select-field';
import { FormTextField } from './form-text-field';

interface InvitationValues extends FieldValues {
  email: string;
  role: string;
}

interface InvitationFieldsProps<TValues extends InvitationValues> {
  control: Control<TValues>;
  roleOptions: FormSelectFieldProps<TValues>['options'];
  disabled: boolean;
}

export function InvitationFields<TValues extends InvitationValues>({
  control,
  roleOptions,
  disabled,
}: InvitationFieldsProps<TValues>) {
  return (
    <>
      <FormTextField
        control={control}
        name={'email' as Path<TValues>}
        label="Email"
        type="email"
        autoComplete="off"
        autoFocus
        disabled={disabled}
      />
      <FormSelectField
        control={control}
        name={'role' as Path<TValues>}
        label="Role"
        options={roleOptions}
        disabled={disabled}
      />
    </>
  );
}

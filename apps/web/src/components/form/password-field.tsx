// PasswordInput bound to a react-hook-form field (see field-binding.ts).
import type { FieldValues } from 'react-hook-form';
import { useFieldBinding } from './field-binding';
import type { FormTextFieldProps } from './form-text-field';
import { PasswordInput } from './password-input';

export type PasswordFieldProps<TValues extends FieldValues> = Omit<
  FormTextFieldProps<TValues>,
  'type' | 'endAdornment'
>;

export function PasswordField<TValues extends FieldValues>({
  control,
  name,
  onBlur,
  onChange,
  ...inputProps
}: PasswordFieldProps<TValues>) {
  const binding = useFieldBinding({ control, name, disabled: inputProps.disabled, onBlur, onChange });
  return <PasswordInput {...inputProps} {...binding} />;
}

// TextInput bound to a react-hook-form field (see field-binding.ts).
import type { FieldValues } from 'react-hook-form';
import { useFieldBinding, type FieldBindingOptions } from './field-binding';
import { TextInput, type TextInputProps } from './text-input';

export interface FormTextFieldProps<TValues extends FieldValues>
  extends
    Omit<TextInputProps, 'name' | 'value' | 'error' | 'onBlur' | 'onChange' | 'inputRef'>,
    Omit<FieldBindingOptions<TValues>, 'disabled'> {}

export function FormTextField<TValues extends FieldValues>({
  control,
  name,
  onBlur,
  onChange,
  ...inputProps
}: FormTextFieldProps<TValues>) {
  const binding = useFieldBinding({ control, name, disabled: inputProps.disabled, onBlur, onChange });
  return <TextInput {...inputProps} {...binding} />;
}

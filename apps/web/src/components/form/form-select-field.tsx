// SelectInput bound to a react-hook-form field (see field-binding.ts).
import type { FieldValues } from 'react-hook-form';
import { useFieldBinding, type FieldBindingOptions } from './field-binding';
import { SelectInput, type SelectInputProps } from './select-input';

export interface FormSelectFieldProps<TValues extends FieldValues>
  extends
    Omit<SelectInputProps, 'name' | 'value' | 'error' | 'onBlur' | 'onChange' | 'inputRef'>,
    Omit<FieldBindingOptions<TValues>, 'disabled'> {}

export function FormSelectField<TValues extends FieldValues>({
  control,
  name,
  onBlur,
  onChange,
  ...inputProps
}: FormSelectFieldProps<TValues>) {
  const binding = useFieldBinding({ control, name, disabled: inputProps.disabled, onBlur, onChange });
  return <SelectInput {...inputProps} {...binding} />;
}

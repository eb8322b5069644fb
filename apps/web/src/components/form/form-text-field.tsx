// TextInput bound to a react-hook-form field. Extra blur/change handlers run after the form's own, so a
// screen can add behaviour (an availability check on blur) without re-implementing the binding.
import type { ChangeEvent, FocusEvent } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextInput, type TextInputProps } from './text-input';

export interface FormTextFieldProps<TValues extends FieldValues> extends Omit<
  TextInputProps,
  'name' | 'value' | 'error' | 'onBlur' | 'onChange' | 'inputRef'
> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  onBlur?: (value: string, event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

export function FormTextField<TValues extends FieldValues>({
  control,
  name,
  onBlur,
  onChange,
  ...inputProps
}: FormTextFieldProps<TValues>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextInput
      {...inputProps}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      error={fieldState.error?.message}
      disabled={inputProps.disabled ?? field.disabled}
      inputRef={field.ref}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event.target.value, event);
      }}
      onChange={(event) => {
        field.onChange(event.target.value);
        onChange?.(event.target.value, event);
      }}
    />
  );
}

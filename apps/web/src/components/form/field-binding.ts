// Binds an input to a react-hook-form field. Extra blur/change handlers run after the form's own, so a
// screen can add behaviour (an availability check on blur) without re-implementing the binding.
import type { ChangeEvent, FocusEvent } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type InputEvent<E> = E extends 'blur'
  ? FocusEvent<HTMLInputElement | HTMLTextAreaElement>
  : ChangeEvent<HTMLInputElement | HTMLTextAreaElement>;

export interface FieldBindingOptions<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  disabled?: boolean | undefined;
  onBlur?: ((value: string, event: InputEvent<'blur'>) => void) | undefined;
  onChange?: ((value: string, event: InputEvent<'change'>) => void) | undefined;
}

/** The props of a TextInput or SelectInput that show and edit the field `name`. */
export function useFieldBinding<TValues extends FieldValues>({
  control,
  name,
  disabled,
  onBlur,
  onChange,
}: FieldBindingOptions<TValues>) {
  const { field, fieldState } = useController({ control, name });
  return {
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    error: fieldState.error?.message,
    disabled: disabled ?? field.disabled,
    inputRef: field.ref,
    onBlur: (event: InputEvent<'blur'>) => {
      field.onBlur();
      onBlur?.(event.target.value, event);
    },
    onChange: (event: InputEvent<'change'>) => {
      field.onChange(event.target.value);
      onChange?.(event.target.value, event);
    },
  };
}

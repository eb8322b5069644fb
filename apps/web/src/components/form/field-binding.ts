// Binds an input to a react-hook-form field. Extra blur/change handlers run after the form's own, so a
// screen can add behaviour (an availability check on blur) without re-implementing the binding.
// A field (and a screen's own blur check) is checked when it loses focus only once the user has typed in it (or it already shows an
// error): leaving an untouched field — tabbing past it, clicking a checkbox or the theme toggle — says
// nothing before the user typed. Submitting checks every field (the forms' own handleSubmit).
import { useRef, type ChangeEvent, type FocusEvent } from 'react';
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
  const edited = useRef(false);
  return {
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    error: fieldState.error?.message,
    disabled: disabled ?? field.disabled,
    inputRef: field.ref,
    onBlur: (event: InputEvent<'blur'>) => {
      // The screen's own check (e.g. availability) follows the same rule as the form's.
      if (!edited.current && !fieldState.invalid) return;
      field.onBlur();
      onBlur?.(event.target.value, event);
    },
    onChange: (event: InputEvent<'change'>) => {
      edited.current = true;
      field.onChange(event.target.value);
      onChange?.(event.target.value, event);
    },
  };
}

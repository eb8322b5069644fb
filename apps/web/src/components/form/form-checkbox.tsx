import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { fieldIds } from './text-input';

interface FormCheckboxProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: ReactNode;
  disabled?: boolean;
}

/** A checkbox bound to a boolean form field, with its error under it like the text fields. */
export function FormCheckbox<TValues extends FieldValues>({
  control,
  name,
  label,
  disabled,
}: FormCheckboxProps<TValues>) {
  const { field, fieldState } = useController({ control, name });
  const { helperId } = fieldIds(name);
  const message = fieldState.error?.message;
  return (
    <FormControl error={Boolean(message)} disabled={disabled ?? false} sx={{ display: 'flex' }}>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            inputRef={field.ref}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: { 'aria-invalid': Boolean(message), 'aria-describedby': helperId } as Record<
                string,
                unknown
              >,
            }}
          />
        }
      />
      <FormHelperText id={helperId} aria-live="polite" sx={{ mt: -0.5 }}>
        {message ?? '\u00a0'}
      </FormHelperText>
    </FormControl>
  );
}

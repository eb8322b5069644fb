// The text-field wrapper of spec §5. Errors show under the field; without an error a blank line (or a
// hint) holds the space, so the form does not jump while the user tabs through it. The helper line is a
// polite live region so screen readers hear a message when it appears.
import type { ChangeEvent, FocusEvent, ReactNode, Ref } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface SelectOption {
  value: string;
  label: string;
}

export interface TextInputProps {
  name: string;
  label: string;
  value?: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'select';
  /** The choices when `type` is 'select'. */
  options?: readonly SelectOption[];
  /** The validation message; its presence puts the field in the error state. */
  error?: string | undefined;
  /** Shown under the field when there is no error. */
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A non-breaking space keeps the helper line's height when it has nothing to say. */
const BLANK_LINE = '\u00a0';

export function TextInput({
  name,
  label,
  value,
  type = 'text',
  options = [],
  error,
  hint,
  required = false,
  disabled = false,
  readOnly = false,
  autoFocus = false,
  autoComplete,
  startAdornment,
  endAdornment,
  onBlur,
  onChange,
  inputRef,
}: TextInputProps) {
  const isSelect = type === 'select';
  return (
    <TextField
      id={`field-${name}`}
      name={name}
      label={label}
      value={value ?? ''}
      type={isSelect ? undefined : type}
      select={isSelect}
      error={Boolean(error)}
      helperText={error ?? hint ?? BLANK_LINE}
      required={required}
      disabled={disabled}
      autoFocus={autoFocus}
      autoComplete={autoComplete}
      onBlur={onBlur}
      onChange={onChange}
      inputRef={inputRef}
      fullWidth
      margin="dense"
      slotProps={{
        input: {
          readOnly,
          startAdornment: startAdornment ? (
            <InputAdornment position="start">{startAdornment}</InputAdornment>
          ) : undefined,
          endAdornment: endAdornment ? (
            <InputAdornment position="end">{endAdornment}</InputAdornment>
          ) : undefined,
        },
        formHelperText: { 'aria-live': 'polite' } as Record<string, string>,
      }}
    >
      {isSelect
        ? options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))
        : null}
    </TextField>
  );
}

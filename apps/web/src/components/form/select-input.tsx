// The select counterpart of TextInput (spec §5): the same label, error and helper-line behaviour, with
// MUI's menu of options. A module of its own, so that forms without a select do not download the menu.
import type { ChangeEvent, FocusEvent, Ref } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BLANK_LINE, fieldIds } from './text-input';

interface SelectOption {
  value: string;
  label: string;
}

export interface SelectInputProps {
  name: string;
  label: string;
  value?: string;
  options: readonly SelectOption[];
  /** The validation message; its presence puts the field in the error state. */
  error?: string | undefined;
  /** Shown under the field when there is no error. */
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function SelectInput({
  name,
  label,
  value,
  options,
  error,
  hint,
  required = false,
  disabled = false,
  autoFocus = false,
  onBlur,
  onChange,
  inputRef,
}: SelectInputProps) {
  return (
    <TextField
      id={fieldIds(name).id}
      name={name}
      label={label}
      value={value ?? ''}
      select
      error={Boolean(error)}
      helperText={error ?? hint ?? BLANK_LINE}
      required={required}
      disabled={disabled}
      autoFocus={autoFocus}
      onBlur={onBlur}
      onChange={onChange}
      inputRef={inputRef}
      fullWidth
      margin="dense"
      slotProps={{ formHelperText: { 'aria-live': 'polite' } as Record<string, string> }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

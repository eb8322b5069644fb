// The text-field wrapper of spec §5. Errors show under the field; without an error a blank line (or a
// hint) holds the space, so the form does not jump while the user tabs through it. The helper line is a
// polite live region so screen readers hear a message when it appears.
//
// Built from the parts MUI's TextField renders for the outlined variant (FormControl, InputLabel,
// OutlinedInput, FormHelperText), not from TextField itself: TextField imports Select and with it Menu,
// Popover and List, which would all land in the sign-in page's first load. Selects are SelectInput.
import type { ChangeEvent, FocusEvent, ReactNode, Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  name: string;
  label: string;
  value?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  /** The on-screen keyboard a phone shows ("numeric": digits only). */
  inputMode?: 'text' | 'numeric';
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
export const BLANK_LINE = '\u00a0';

/** The ids TextField gives the input, its label and its helper line. */
export function fieldIds(name: string) {
  const id = `field-${name}`;
  return { id, labelId: `${id}-label`, helperId: `${id}-helper-text` };
}

export function TextInput({
  name,
  label,
  value,
  type = 'text',
  inputMode,
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
  const { id, labelId, helperId } = fieldIds(name);
  return (
    <FormControl
      variant="outlined"
      fullWidth
      margin="dense"
      error={Boolean(error)}
      required={required}
      disabled={disabled}
    >
      <InputLabel htmlFor={id} id={labelId}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        value={value ?? ''}
        type={type}
        inputProps={inputMode ? { inputMode } : undefined}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        readOnly={readOnly}
        onBlur={onBlur}
        onChange={onChange}
        inputRef={inputRef}
        aria-describedby={helperId}
        // A read-only value must not look like one to type over: tinted, with a dashed outline.
        sx={
          readOnly
            ? { bgcolor: 'action.hover', '& .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' } }
            : undefined
        }
        startAdornment={
          startAdornment ? <InputAdornment position="start">{startAdornment}</InputAdornment> : undefined
        }
        endAdornment={
          endAdornment ? <InputAdornment position="end">{endAdornment}</InputAdornment> : undefined
        }
      />
      {/* A disabled field's hint keeps its colour: it still tells the user something (why the field is
          off, or what it would take), and MUI's disabled grey is too faint to read (WCAG 1.4.3). */}
      <FormHelperText id={helperId} aria-live="polite" sx={{ '&.Mui-disabled': { color: 'text.secondary' } }}>
        {error ?? hint ?? BLANK_LINE}
      </FormHelperText>
    </FormControl>
  );
}

import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Visibility from '@/components/icons/visibility';
import VisibilityOff from '@/components/icons/visibility-off';
import { fieldIds, TextInput, type TextInputProps } from './text-input';

export type PasswordInputProps = Omit<TextInputProps, 'type' | 'endAdornment'>;

/** A password input with a show/hide toggle whose accessible name says what it will do. */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  // A generic name: "Show current password" would also match a lookup of the field by its label.
  const toggleLabel = visible ? 'Hide password' : 'Show password';
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <IconButton
          aria-label={toggleLabel}
          aria-controls={fieldIds(props.name).id}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          onMouseDown={(event) => event.preventDefault()}
          edge="end"
          size="small"
        >
          {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
        </IconButton>
      }
    />
  );
}

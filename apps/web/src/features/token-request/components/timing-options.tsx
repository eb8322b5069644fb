// The three timing options with the data tier each adds (spec §2). Their one message lives on liveGame
// (the domain schema's path for "at least one timing"); the group is validated when focus leaves it.
import { useId, type FocusEvent } from 'react';
import { MESSAGES, type TokenRequestInput } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useController, useFormState, type Control } from 'react-hook-form';
import { TIMING_GROUP_LABEL, TIMING_OPTIONS, type TimingOption } from './token-request-texts';

interface TimingCheckboxProps {
  control: Control<TokenRequestInput>;
  option: TimingOption;
  /** The group's messages, while there are any: each option is described by them too. */
  errorId: string | undefined;
  disabled: boolean;
  onToggle: () => void;
}

function TimingCheckbox({ control, option, errorId, disabled, onToggle }: TimingCheckboxProps) {
  const descriptionId = useId();
  const { field } = useController({ control, name: option.name });
  return (
    <Box>
      <FormControlLabel
        label={option.label}
        disabled={disabled}
        control={
          <Checkbox
            name={field.name}
            checked={field.value}
            inputRef={field.ref}
            onChange={(event) => {
              field.onChange(event.target.checked);
              onToggle();
            }}
            slotProps={{
              input: {
                'aria-describedby': errorId ? `${descriptionId} ${errorId}` : descriptionId,
                'aria-invalid': errorId !== undefined,
              } as Record<string, unknown>,
            }}
          />
        }
      />
      <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ ml: 4, mt: -0.5 }}>
        {option.description}
      </Typography>
    </Box>
  );
}

interface TimingOptionsProps {
  control: Control<TokenRequestInput>;
  disabled: boolean;
  /** The submit-time manual check of spec §5 found no timing chosen. */
  latencyMissing: boolean;
  /** Focus left the whole group: the moment to validate it (validation happens on blur). */
  onGroupBlur: () => void;
  onSelectionChange: () => void;
}

export function TimingOptions({
  control,
  disabled,
  latencyMissing,
  onGroupBlur,
  onSelectionChange,
}: TimingOptionsProps) {
  const helperId = useId();
  const { errors } = useFormState({ control, name: 'liveGame' });
  const messages = [errors.liveGame?.message, latencyMissing ? MESSAGES.latencyRequired : undefined].filter(
    (message): message is string => message !== undefined,
  );
  const invalid = messages.length > 0;

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onGroupBlur();
  };

  return (
    <FormControl
      component="fieldset"
      error={invalid}
      disabled={disabled}
      onBlur={onBlur}
      aria-describedby={helperId}
      sx={{ display: 'flex', minWidth: 0 }}
    >
      <FormLabel component="legend">{TIMING_GROUP_LABEL}</FormLabel>
      <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
        {TIMING_OPTIONS.map((option) => (
          <TimingCheckbox
            key={option.name}
            control={control}
            option={option}
            errorId={invalid ? helperId : undefined}
            disabled={disabled}
            onToggle={onSelectionChange}
          />
        ))}
      </Box>
      <FormHelperText id={helperId} aria-live="polite">
        {invalid
          ? messages.map((message) => (
              <Box component="span" key={message} sx={{ display: 'block' }}>
                {message}
              </Box>
            ))
          : '\u00a0'}
      </FormHelperText>
    </FormControl>
  );
}

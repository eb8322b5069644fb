// The sport cards (spec §2, §9): three per row on wide screens, two then one on smaller ones. Each card
// is a labelled real checkbox, so keyboards and screen readers use it like any other; the whole card is
// its click target. Only the sports the chosen API type offers are shown.
import { useId, type FocusEvent } from 'react';
import {
  SPORTS,
  SPORTS_BY_API_TYPE,
  SPORT_CARDS_PER_ROW,
  type ApiType,
  type SportCode,
  type TokenRequestInput,
} from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useController, type Control } from 'react-hook-form';
import { SPORTS_GROUP_LABEL } from './token-request-texts';

interface SportCardProps {
  sport: SportCode;
  checked: boolean;
  /** The group's message, while there is one: each card is described by it, so it is heard on focus. */
  errorId: string | undefined;
  disabled: boolean;
  onToggle: (sport: SportCode, checked: boolean) => void;
  inputRef?: (element: HTMLInputElement | null) => void;
}

function SportCard({ sport, checked, errorId, disabled, onToggle, inputRef }: SportCardProps) {
  const id = useId();
  const { name, league } = SPORTS[sport];
  return (
    <Card
      variant="outlined"
      sx={{
        borderWidth: 2,
        borderColor: checked ? 'primary.main' : 'divider',
        bgcolor: checked ? 'action.selected' : 'background.paper',
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box
        component="label"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          p: 1.5,
          height: '100%',
          cursor: disabled ? 'default' : 'pointer',
        }}
      >
        <Checkbox
          name="sports"
          value={sport}
          checked={checked}
          disabled={disabled}
          inputRef={inputRef}
          onChange={(event) => onToggle(sport, event.target.checked)}
          slotProps={{
            input: {
              'aria-labelledby': `${id}-name`,
              'aria-describedby': errorId ? `${id}-league ${errorId}` : `${id}-league`,
              'aria-invalid': errorId !== undefined,
            } as Record<string, unknown>,
          }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={`${id}-name`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography id={`${id}-league`} variant="body2" color="text.secondary">
            {league}
          </Typography>
        </Box>
      </Box>
    </Card>
  );
}

interface SportCardsProps {
  control: Control<TokenRequestInput>;
  apiType: ApiType;
  disabled: boolean;
  onSelectionChange: () => void;
}

export function SportCards({ control, apiType, disabled, onSelectionChange }: SportCardsProps) {
  const helperId = useId();
  const { field, fieldState } = useController({ control, name: 'sports' });
  const offered = SPORTS_BY_API_TYPE[apiType];
  const selected = field.value;
  const message = fieldState.error?.message;

  // Kept in catalogue order, so the request and the estimate do not depend on the order of clicks.
  const toggle = (sport: SportCode, checked: boolean) => {
    field.onChange(offered.filter((code) => (code === sport ? checked : selected.includes(code))));
    onSelectionChange();
  };

  // The group is one field: it is validated when focus leaves the group, not when moving between cards.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) field.onBlur();
  };

  return (
    <FormControl
      component="fieldset"
      error={Boolean(message)}
      disabled={disabled}
      onBlur={onBlur}
      aria-describedby={helperId}
      sx={{ display: 'flex', minWidth: 0 }}
    >
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {SPORTS_GROUP_LABEL}
      </FormLabel>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: `repeat(${SPORT_CARDS_PER_ROW}, minmax(0, 1fr))`,
          },
        }}
      >
        {offered.map((sport, index) => (
          <SportCard
            key={sport}
            sport={sport}
            checked={selected.includes(sport)}
            errorId={message ? helperId : undefined}
            disabled={disabled}
            onToggle={toggle}
            inputRef={index === 0 ? field.ref : undefined}
          />
        ))}
      </Box>
      <FormHelperText id={helperId} aria-live="polite">
        {message ?? '\u00a0'}
      </FormHelperText>
    </FormControl>
  );
}

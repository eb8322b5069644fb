// The 'New Token Request' form (spec §2, §5): nickname, API type, timing and sports, with a live price
// estimate beside it. Validation is the domain schema's, on blur; a submit with no timing also runs the
// spec's manual check, whose 'Latency type' message joins the timing group's.
import { useState } from 'react';
import {
  API_TYPES,
  API_TYPE_LABELS,
  ERROR_CODES,
  FIELD_LABELS,
  MESSAGES,
  tokenRequestSchema,
  type ClientCredentials,
  type TokenRequestInput,
} from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { FailureDialog } from '@/components/feedback/failure-dialog';
import { SubmitButton } from '@/components/form/submit-button';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { isHttpError } from '@/lib/api-errors';
import { userQueryKey } from '@/lib/account/user';
import { tokenRequestProperties, useCreateClient } from '../api/create-client';
import { applyTokenRequestServerErrors } from './apply-server-errors';
import { PriceEstimate } from './price-estimate';
import { SportCards } from './sport-cards';
import { TimingOptions } from './timing-options';
import { PAGE_TITLE, SUBMIT_LABEL, TRIAL_NOTE } from './token-request-texts';

const EMPTY_REQUEST: TokenRequestInput = {
  label: '',
  apiType: 'rest',
  liveGame: false,
  preGame: false,
  postGame: false,
  sports: [],
};

const API_TYPE_OPTIONS = API_TYPES.map((value) => ({ value, label: API_TYPE_LABELS[value] }));

export interface TokenRequestFormProps {
  /** Trial companies see which seasons their keys cover. */
  isTrial: boolean;
  onCreated: (credentials: ClientCredentials) => void;
}

export function TokenRequestForm({ isTrial, onCreated }: TokenRequestFormProps) {
  const createClient = useCreateClient();
  const queryClient = useQueryClient();
  const [failureOpen, setFailureOpen] = useState(false);
  const [failureMessage, setFailureMessage] = useState<string>(MESSAGES.createClientFailed);
  const fail = (message: string) => {
    setFailureMessage(message);
    setFailureOpen(true);
  };
  const { control, handleSubmit, setValue, setError, trigger, getFieldState, formState } = useForm({
    resolver: zodResolver(tokenRequestSchema),
    mode: 'onBlur',
    defaultValues: EMPTY_REQUEST,
  });
  const [apiType, liveGame, preGame, postGame, sports] = useWatch({
    control,
    name: ['apiType', 'liveGame', 'preGame', 'postGame', 'sports'],
  });
  const { isSubmitted } = formState;

  // A checkbox group shows its message until the next validation; once the user fixes the choice the
  // message should go at once, and timing changes can make or clear the sports' "no feed" message.
  const revalidateShown = (...names: Array<'liveGame' | 'sports'>) => {
    const shown = names.filter((name) => isSubmitted || getFieldState(name).error !== undefined);
    if (shown.length > 0) void trigger(shown);
  };

  const onSubmit = handleSubmit((request) => {
    track(EVENTS.submittedTokenRequest, tokenRequestProperties(request));
    createClient.mutate(request, {
      onSuccess: onCreated,
      onError: (error) => {
        // A 401 has already ended the session; the shell takes the user to sign in.
        if (isHttpError(error, 401)) return;
        // A suspended company (design §11): the server's sentence says why and whom to contact; the
        // user is read again, so the suspension banner shows if this page did not know of it yet.
        if (isHttpError(error, 409) && error.code === ERROR_CODES.accountSuspended) {
          fail(error.message);
          void queryClient.invalidateQueries({ queryKey: userQueryKey });
          return;
        }
        if (!applyTokenRequestServerErrors(error, setError)) fail(MESSAGES.createClientFailed);
      },
    });
  });

  const disabled = createClient.isPending;
  return (
    <Box
      component="form"
      noValidate
      aria-label={PAGE_TITLE}
      onSubmit={onSubmit}
      sx={{
        display: 'grid',
        columnGap: 4,
        rowGap: 2,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' },
        gridTemplateAreas: { xs: '"fields" "estimate" "submit"', lg: '"fields estimate" "submit estimate"' },
      }}
    >
      <Box sx={{ gridArea: 'fields', minWidth: 0, display: 'grid', gap: 1 }}>
        {isTrial ? <Alert severity="info">{TRIAL_NOTE}</Alert> : null}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={control}
            name="label"
            label={FIELD_LABELS.label}
            required
            autoFocus
            disabled={disabled}
          />
          <FormSelectField
            control={control}
            name="apiType"
            label={FIELD_LABELS.apiType}
            options={API_TYPE_OPTIONS}
            required
            disabled={disabled}
            // Spec §4: the sports on offer depend on the API type, so a new type starts with none chosen.
            onChange={() => {
              setValue('sports', [], { shouldDirty: true });
              revalidateShown('sports');
            }}
          />
        </Box>
        <TimingOptions
          control={control}
          disabled={disabled}
          latencyMissing={isSubmitted && !liveGame && !preGame && !postGame}
          onGroupBlur={() => void trigger('liveGame')}
          onSelectionChange={() => revalidateShown('liveGame', 'sports')}
        />
        <SportCards
          control={control}
          apiType={apiType}
          disabled={disabled}
          onSelectionChange={() => revalidateShown('sports')}
        />
      </Box>
      <Box sx={{ gridArea: 'estimate', minWidth: 0, position: { lg: 'sticky' }, top: { lg: 16 } }}>
        <PriceEstimate liveGame={liveGame} preGame={preGame} postGame={postGame} sports={sports} />
      </Box>
      <Box sx={{ gridArea: 'submit' }}>
        <SubmitButton loading={createClient.isPending} fullWidth={false}>
          {SUBMIT_LABEL}
        </SubmitButton>
      </Box>
      <FailureDialog
        open={failureOpen}
        onClose={() => setFailureOpen(false)}
        title={MESSAGES.createClientFailedTitle}
        message={failureMessage}
      />
    </Box>
  );
}

// The companies list's search and filters (design §11 "Screens"): a search box sent after a pause in
// typing, status and plan selects, and the two flags. Every change starts again at the first page.
import { useEffect, useRef, useState } from 'react';
import {
  COMPANY_ACCOUNT_STATUSES,
  TRIAL_ENDING_SOON_DAYS,
  planDisplayName,
  type CompanyAccountStatus,
} from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Search from '@/components/icons/search';
import { usePlans } from '@/lib/console/use-plans';
import { ACCOUNT_STATUS_LABELS } from '@/components/console/console-texts';
import type { CompaniesSearch } from '@/lib/console/companies-search';

/** How long typing must pause before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

type FilterChange = Partial<
  Pick<CompaniesSearch, 'q' | 'status' | 'plan' | 'trialEndingSoon' | 'upgradeRequested'>
>;

interface CompaniesFiltersProps {
  search: CompaniesSearch;
  onChange: (change: FilterChange) => void;
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latestOnSearch = useRef(onSearch);
  useEffect(() => {
    latestOnSearch.current = onSearch;
  });
  // The URL changed by other means (back, a link): the box shows what the list is searching.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const typed = text.trim();
    if (typed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = typed;
      latestOnSearch.current(typed);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <TextField
      id="companies-search"
      type="search"
      label="Search"
      placeholder="Company, email or client ID"
      value={text}
      onChange={(event) => setText(event.target.value)}
      size="small"
      sx={{ flex: '1 1 260px', minWidth: 0 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function CompaniesFilters({ search, onChange }: CompaniesFiltersProps) {
  const plans = usePlans();
  const planNames = plans.data?.plans.map((plan) => plan.name) ?? [];
  // A plan from the URL stays choosable while the plans load (or if they could not be read).
  if (search.plan && !planNames.includes(search.plan)) planNames.push(search.plan);
  return (
    <Box
      role="search"
      aria-label="Companies"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}
    >
      <SearchBox value={search.q ?? ''} onSearch={(q) => onChange({ q })} />
      <TextField
        id="companies-status"
        select
        label="Status"
        value={search.status ?? ''}
        onChange={(event) =>
          onChange({ status: (event.target.value || undefined) as CompanyAccountStatus | undefined })
        }
        size="small"
        sx={{ width: 160 }}
      >
        <MenuItem value="">All statuses</MenuItem>
        {COMPANY_ACCOUNT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {ACCOUNT_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="companies-plan"
        select
        label="Plan"
        value={search.plan ?? ''}
        onChange={(event) => onChange({ plan: event.target.value || undefined })}
        size="small"
        sx={{ width: 160 }}
      >
        <MenuItem value="">All plans</MenuItem>
        {planNames.map((name) => (
          <MenuItem key={name} value={name}>
            {planDisplayName(name)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={search.trialEndingSoon ?? false}
            onChange={(event) => onChange({ trialEndingSoon: event.target.checked || undefined })}
          />
        }
        label={`Trial ends within ${TRIAL_ENDING_SOON_DAYS} days`}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={search.upgradeRequested ?? false}
            onChange={(event) => onChange({ upgradeRequested: event.target.checked || undefined })}
          />
        }
        label="Upgrade requested"
      />
    </Box>
  );
}

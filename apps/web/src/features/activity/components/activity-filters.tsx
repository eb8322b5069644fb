import {
  AUDIT_EVENT_LABELS,
  COMPANY_AUDIT_EVENT_KINDS,
  type ActivityFilter,
  type AuditEventKind,
} from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FileDownloadOutlined from '@/components/icons/file-download-outlined';
import { ALL_EVENTS, DATE_ORDER_ERROR } from './activity-texts';

const ALL = 'all';

interface ActivityFiltersProps {
  filter: ActivityFilter;
  onChange: (filter: ActivityFilter) => void;
  onDownload: () => void;
  downloading: boolean;
}

/** The kind and date filters the list and the CSV export share, and the export's button. */
export function ActivityFilters({ filter, onChange, onDownload, downloading }: ActivityFiltersProps) {
  const datesReversed = Boolean(filter.from && filter.to && filter.from > filter.to);
  const dateField = { minWidth: 0, flex: { xs: '1 1 140px', sm: '0 0 170px' } } as const;
  return (
    <Box
      role="search"
      aria-label="Filter events"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}
    >
      <TextField
        select
        size="small"
        label="Event"
        value={filter.kind ?? ALL}
        onChange={(event) =>
          onChange({
            ...filter,
            kind: event.target.value === ALL ? undefined : (event.target.value as AuditEventKind),
          })
        }
        sx={{ minWidth: 0, flex: { xs: '1 1 100%', sm: '0 0 260px' } }}
      >
        <MenuItem value={ALL}>{ALL_EVENTS}</MenuItem>
        {COMPANY_AUDIT_EVENT_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {AUDIT_EVENT_LABELS[kind]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label="From"
        value={filter.from ?? ''}
        onChange={(event) => onChange({ ...filter, from: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filter.to } }}
        sx={dateField}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={filter.to ?? ''}
        onChange={(event) => onChange({ ...filter, to: event.target.value || undefined })}
        error={datesReversed}
        helperText={datesReversed ? DATE_ORDER_ERROR : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filter.from } }}
        sx={dateField}
      />
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={onDownload}
        loading={downloading}
        loadingPosition="start"
        disabled={datesReversed}
        sx={{ ml: { md: 'auto' }, minHeight: 40 }}
      >
        Download CSV
      </Button>
    </Box>
  );
}

import { useId } from 'react';
import { PAGE_SIZE_OPTIONS } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@/components/icons/chevron-left';
import ChevronRight from '@/components/icons/chevron-right';

interface TokensPaginationProps {
  /** Zero-based. */
  page: number;
  pageCount: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Off: every token on one page (up to UNPAGINATED_PAGE_SIZE), without page controls. */
  paginated: boolean;
  onPaginatedChange: (paginated: boolean) => void;
}

function pageIndicator(page: number, pageCount: number): string {
  return `Page ${page + 1} of ${pageCount}`;
}

/** Page size and 'Page X of Y' (spec §2); it wraps instead of widening the page on narrow screens. */
export function TokensPagination(props: TokensPaginationProps) {
  const { page, pageCount, pageSize, onPageChange, onPageSizeChange, paginated, onPaginatedChange } = props;
  const pageSizeId = useId();
  const showAll = (
    <FormControlLabel
      control={<Switch checked={!paginated} onChange={(event) => onPaginatedChange(!event.target.checked)} />}
      label="Show all"
    />
  );
  if (!paginated) {
    return <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1.5 }}>{showAll}</Box>;
  }
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 2,
        p: 1.5,
      }}
    >
      {showAll}
      {/* What <TextField select> with a native select renders, without its import of the menu select
          (Menu, Popover, the filled and standard inputs: 8 kB gzip of the dashboard's first load). */}
      <FormControl size="small" sx={{ width: 120 }}>
        <InputLabel htmlFor={pageSizeId}>Rows per page</InputLabel>
        <NativeSelect
          id={pageSizeId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          input={<OutlinedInput label="Rows per page" />}
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton aria-label="Previous page" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft />
        </IconButton>
        <Typography variant="body2" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
          {pageIndicator(page, pageCount)}
        </Typography>
        <IconButton
          aria-label="Next page"
          disabled={page >= pageCount - 1}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight />
        </IconButton>
      </Box>
    </Box>
  );
}

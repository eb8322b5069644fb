// The pagination under a console list that pages on the server (a company's activity, the staff
// trail): the page sizes the API accepts, wrapping onto two lines on a narrow screen.
import { useState } from 'react';
import { CONSOLE_PAGE_SIZE_DEFAULT, CONSOLE_PAGE_SIZES } from '@datafeeds/domain';
import TablePagination from '@mui/material/TablePagination';

export interface Paging {
  page: number;
  pageSize: number;
}

/** The page on screen and its size: the first page, of the API's default size. */
export function usePaging() {
  return useState<Paging>({ page: 0, pageSize: CONSOLE_PAGE_SIZE_DEFAULT });
}

interface ConsolePaginationProps {
  total: number;
  paging: Paging;
  /** A new page, or a new page size from the first page. */
  onChange: (paging: Paging) => void;
  /** "Events per page:". */
  label: string;
}

export function ConsolePagination({
  total,
  paging: { page, pageSize },
  onChange,
  label,
}: ConsolePaginationProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      // The last page may have gone while the member looked (fewer rows than before).
      page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...CONSOLE_PAGE_SIZES]}
      onPageChange={(_event, next) => onChange({ page: next, pageSize })}
      onRowsPerPageChange={(event) => onChange({ page: 0, pageSize: Number(event.target.value) })}
      labelRowsPerPage={label}
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 },
        '& .MuiTablePagination-spacer': { display: 'none' },
      }}
    />
  );
}

// The pagination under a console list that pages on the server (a company's activity, the staff
// trail): the page sizes the API accepts, wrapping onto two lines on a narrow screen.
import { CONSOLE_PAGE_SIZES } from '@datafeeds/domain';
import TablePagination from '@mui/material/TablePagination';

interface ConsolePaginationProps {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** A new page size; the caller goes back to the first page. */
  onPageSize: (pageSize: number) => void;
  /** "Events per page:". */
  label: string;
}

export function ConsolePagination({
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
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
      onPageChange={(_event, next) => onPage(next)}
      onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
      labelRowsPerPage={label}
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 },
        '& .MuiTablePagination-spacer': { display: 'none' },
      }}
    />
  );
}

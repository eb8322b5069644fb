// The companies list (design §11 "Screens"): searched, filtered, sorted and paged by the server, with
// all of it in the URL. Each row's name links to the company's page.
import { useCallback, useMemo } from 'react';
import {
  CONSOLE_COMPANY_SORTS,
  CONSOLE_PAGE_SIZES,
  formatDay,
  type ConsoleCompaniesPage,
  type ConsoleCompanyRow,
  type ConsoleCompanySort,
} from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { Link as RouterLinkBase, useSearchParams } from 'react-router';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { ConsolePageHeader } from '@/components/console/console-page-header';
import { consoleCompanyPath } from '@/config/console-paths';
import { useCompaniesPage } from '../api/search-companies';
import { CompanyStatusChip } from '@/components/console/company-status-chip';
import { NOT_SET } from '@/components/console/console-texts';
import { useWideScreen } from '@/components/console/use-wide-screen';
import { CompaniesFilters } from './companies-filters';
import {
  companiesQuery,
  DEFAULT_SORT,
  readCompaniesSearch,
  writeCompaniesSearch,
  type CompaniesSearch,
} from '@/lib/console/companies-search';

const SORTABLE = new Set<string>(CONSOLE_COMPANY_SORTS);

// Flexible columns whose smallest widths add up to less than the page: at 1440 px beside the navigation
// every column fits, and below 1200 px (the whole 900 px width, the navigation behind its button) the
// counts and the creation day are left out (NARROW_HIDDEN), so that the grid never scrolls sideways.
const COLUMNS: GridColDef<ConsoleCompanyRow>[] = [
  {
    field: 'name',
    headerName: 'Company',
    flex: 1.2,
    minWidth: 150,
    renderCell: ({ row }) => (
      <Link component={RouterLinkBase} to={consoleCompanyPath(row.id)} fontWeight={600}>
        {row.name}
      </Link>
    ),
  },
  {
    field: 'ownerEmail',
    headerName: 'Owner',
    flex: 1.5,
    minWidth: 160,
    valueFormatter: (value: string | null) => value ?? NOT_SET,
  },
  {
    field: 'accountStatus',
    headerName: 'Status',
    flex: 0.6,
    minWidth: 105,
    renderCell: ({ row }) => <CompanyStatusChip status={row.accountStatus} />,
  },
  { field: 'plan', headerName: 'Plan', flex: 0.5, minWidth: 90 },
  {
    field: 'trialEndsAt',
    headerName: 'Trial ends',
    flex: 0.7,
    minWidth: 125,
    valueFormatter: (value: string | null) => (value ? formatDay(value) : NOT_SET),
  },
  {
    field: 'createdAt',
    headerName: 'Created',
    flex: 0.7,
    minWidth: 120,
    valueFormatter: (value: string) => formatDay(value),
  },
  { field: 'members', headerName: 'Members', type: 'number', flex: 0.4, minWidth: 90 },
  { field: 'tokens', headerName: 'Tokens', type: 'number', flex: 0.4, minWidth: 80 },
  {
    field: 'upgradeRequested',
    headerName: 'Upgrade requested',
    flex: 0.6,
    minWidth: 145,
    valueFormatter: (value: boolean) => (value ? 'Yes' : 'No'),
  },
];
const NARROW_HIDDEN: GridColumnVisibilityModel = { createdAt: false, members: false, tokens: false };
const ALL_SHOWN: GridColumnVisibilityModel = {};
// The API sorts by name, creation and trial end only.
for (const column of COLUMNS) column.sortable = SORTABLE.has(column.field);

function filtered(search: CompaniesSearch): boolean {
  return Boolean(
    search.q || search.status || search.plan || search.trialEndingSoon || search.upgradeRequested,
  );
}

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    /** What the empty list says: no companies at all, or none matching. */
    text: string;
  }
}

function NoCompanies({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
      {text}
    </Typography>
  );
}

interface CompaniesGridProps {
  search: Pick<CompaniesSearch, 'sort' | 'order' | 'page' | 'pageSize'>;
  page: ConsoleCompaniesPage | undefined;
  loading: boolean;
  emptyText: string;
  onChange: (change: Partial<CompaniesSearch>) => void;
}

function CompaniesGrid({ search, page, loading, emptyText, onChange }: CompaniesGridProps) {
  // The same objects while the search stands: the grid takes a new sort model for a new sort, and goes
  // back to the first page on one.
  const wide = useWideScreen();
  const { sort, order } = search;
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort, sort: order }], [sort, order]);
  const paginationModel = useMemo(
    () => ({ page: search.page, pageSize: search.pageSize }),
    [search.page, search.pageSize],
  );
  const onSortModelChange = (model: GridSortModel) => {
    const [first] = model;
    onChange({
      sort: (first?.field as ConsoleCompanySort | undefined) ?? DEFAULT_SORT.sort,
      order: first?.sort ?? DEFAULT_SORT.order,
      page: 0,
    });
  };
  const onPaginationModelChange = (model: GridPaginationModel) =>
    onChange({ page: model.pageSize === search.pageSize ? model.page : 0, pageSize: model.pageSize });

  return (
    <DataGrid
      aria-label="Companies"
      rows={page?.companies ?? []}
      columns={COLUMNS}
      columnVisibilityModel={wide ? ALL_SHOWN : NARROW_HIDDEN}
      rowCount={page?.total ?? 0}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={[...CONSOLE_PAGE_SIZES]}
      sortModel={sortModel}
      onSortModelChange={onSortModelChange}
      // A sort is always in force (the API's default is the newest first): no third, unsorted click.
      sortingOrder={['asc', 'desc']}
      disableColumnMenu
      disableColumnFilter
      disableRowSelectionOnClick
      // At most 100 rows a page: every row and column is in the page, for search and screen readers.
      disableVirtualization
      autoHeight
      slots={{ noRowsOverlay: NoCompanies }}
      slotProps={{ noRowsOverlay: { text: emptyText } }}
      localeText={{ paginationRowsPerPage: 'Companies per page:' }}
      sx={{ border: 0 }}
    />
  );
}

export function CompaniesList() {
  const [params, setParams] = useSearchParams();
  const search = readCompaniesSearch(params);
  const companies = useCompaniesPage(companiesQuery(search));

  const update = useCallback(
    (change: Partial<CompaniesSearch>) =>
      setParams((current) => writeCompaniesSearch({ ...readCompaniesSearch(current), ...change }), {
        replace: true,
      }),
    [setParams],
  );

  let emptyText = 'No companies yet.';
  if (companies.isError) emptyText = 'No companies to show.';
  else if (filtered(search)) emptyText = 'No company matches this search and these filters.';

  return (
    <>
      <ConsolePageHeader title="Companies" />
      <CompaniesFilters search={search} onChange={(change) => update({ ...change, page: 0 })} />
      {companies.isError ? (
        <Box sx={{ mb: 2 }}>
          <LoadFailedAlert onRetry={() => void companies.refetch()}>
            The companies could not be loaded. Check your connection and try again.
          </LoadFailedAlert>
        </Box>
      ) : null}
      <Paper variant="outlined" sx={{ width: '100%' }}>
        <CompaniesGrid
          search={search}
          page={companies.data}
          loading={companies.isFetching}
          emptyText={emptyText}
          onChange={update}
        />
      </Paper>
    </>
  );
}

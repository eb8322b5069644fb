import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, UNPAGINATED_PAGE_SIZE, type Client } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteOutline from '@/components/icons/delete-outline';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { TokenRow } from './token-row';
import { TokensPagination } from './tokens-pagination';
import { TokensTableHead } from './tokens-table-head';
import type { TokenActions } from './use-token-dialogs';

interface TokensTableProps {
  clients: Client[];
  /** Trial accounts see when their tokens expire (spec §6). */
  showExpiry: boolean;
  actions: TokenActions;
}

export function TokensTable({ clients, showExpiry, actions }: TokensTableProps) {
  const theme = useTheme();
  // With the open sidebar, seven columns only fit from lg up; below that each token is one stacked cell.
  const compact = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const navigate = useNavigate();
  const [requestedPage, setPage] = useState(0);
  const [chosenPageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [paginated, setPaginated] = useState(true);
  const pageSize = paginated ? chosenPageSize : UNPAGINATED_PAGE_SIZE;
  const [checkedIds, setCheckedIds] = useState<ReadonlySet<string>>(new Set());

  const pageCount = Math.max(1, Math.ceil(clients.length / pageSize));
  // A deletion can empty the last page: stay on the last one that exists.
  const page = Math.min(requestedPage, pageCount - 1);
  const rows = clients.slice(page * pageSize, (page + 1) * pageSize);
  // Deleted or rotated tokens drop out of the selection.
  const selected = clients.filter((client) => checkedIds.has(client.id));
  const selectedCount = selected.length;

  // A role with neither button has an empty Action column: its header gives each reason once.
  const { rotatePermission, deletePermission } = actions;
  const refusals =
    rotatePermission.allowed || deletePermission.allowed
      ? []
      : [...new Set([rotatePermission.reason, deletePermission.reason])].filter((reason) => reason !== null);

  const toggle = (id: string) =>
    setCheckedIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setCheckedIds(selectedCount === clients.length ? new Set() : new Set(clients.map((client) => client.id)));

  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      {selectedCount > 0 ? (
        <Box
          role="toolbar"
          aria-label="Selected tokens"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            px: 2,
            py: 1,
            bgcolor: 'action.selected',
          }}
        >
          <Typography role="status" sx={{ fontWeight: 600 }}>
            {selectedCount} selected
          </Typography>
          {actions.deletePermission.allowed ? (
            <Button
              color="error"
              variant="contained"
              startIcon={<DeleteOutline />}
              onClick={() => actions.openDeleteMany(selected, () => setCheckedIds(new Set()))}
            >
              Delete selected ({selectedCount})
            </Button>
          ) : (
            <Typography variant="body2">{actions.deletePermission.reason}</Typography>
          )}
        </Box>
      ) : null}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size={compact ? 'small' : 'medium'} aria-label="API Tokens">
          <TokensTableHead
            compact={compact}
            refusals={refusals}
            showExpiry={showExpiry}
            selectedCount={selectedCount}
            rowCount={clients.length}
            onToggleAll={toggleAll}
          />
          <TableBody>
            {rows.map((client) => (
              <TokenRow
                key={client.id}
                client={client}
                selected={checkedIds.has(client.id)}
                onToggle={() => toggle(client.id)}
                onOpen={() => void navigate(paths.client(client.id))}
                showExpiry={showExpiry}
                compact={compact}
                actions={actions}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TokensPagination
        page={page}
        pageCount={pageCount}
        pageSize={chosenPageSize}
        onPageChange={setPage}
        paginated={paginated}
        onPaginatedChange={(next) => {
          setPaginated(next);
          setPage(0);
        }}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
      />
    </Paper>
  );
}

// A console table (tools, a company's members and tokens, the queues): the header row and the rows. From
// 900 px up every table fits the page (the wide tables leave out columns below 1200 px: useWideScreen);
// on a phone a table scrolls sideways inside its own region, which is focusable so that a keyboard can
// scroll it too.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '@/components/a11y/visually-hidden';

interface ConsoleTableProps {
  /** The table's name, for screen readers ("Verifier keys"). */
  label: string;
  /** The column headings; an empty string is a column of actions, named for screen readers only. */
  columns: readonly string[];
  children: ReactNode;
  /** Outlined (the default), or not when it sits in a frame of its own with its pagination. */
  framed?: boolean;
}

export function ConsoleTable({ label, columns, children, framed = true }: ConsoleTableProps) {
  return (
    <TableContainer
      {...(framed ? { component: Paper, variant: 'outlined' as const } : {})}
      sx={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={`${label} table`}
    >
      {/* Cells a little narrower than MUI's small table's, so that more columns fit beside each other. */}
      <Table size="small" aria-label={label} sx={{ '& .MuiTableCell-root': { px: 1.5 } }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column || 'actions'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {column || (
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** A row's action buttons, side by side on one line (a phone's table scrolls sideways). */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </TableCell>
  );
}
